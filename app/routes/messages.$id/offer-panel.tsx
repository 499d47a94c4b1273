// The offer controls of a conversation about a listing (docs/product.md §7):
// the buyer's Make an offer, the seller's Accept / Decline / Counter, the
// buyer's Accept on a counteroffer. Plain forms posting to ?offer=…; the two
// amount forms open as URL state (?offer=make, ?offer=counter) and load their
// schema on the first focus or touch, like every other form.
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/field-errors";
import { OnDemand } from "~/components/on-demand";
import type { OfferPanelView } from "~/types/views";
import { PRICE_IS_FIRM } from "~/utils/offers";

type Props = { panel: OfferPanelView | null; here: string; lastResult: SubmissionResult<string[]> | null; error: string | null };

export function OfferPanel({ panel, here, lastResult, error }: Props) {
  const params = new URLSearchParams(useLocation().search);
  const current = panel?.current ?? null;
  // A refused form stays open with its draft; otherwise the address says which is open.
  const open = lastResult ? (panel?.buyer ? "make" : "counter") : params.get("offer");
  const canMake = !!panel && panel.terms === "obo" && panel.buyer && !panel.closed && current?.status !== "accepted";
  const formShown = (canMake && open === "make") || (!!current?.canCounter && open === "counter");
  // A refusal with no form to show it in (Firm, Free, sold, pending, an answer): said here.
  const refused = error ?? (formShown ? null : (lastResult?.error?.[""] ?? null));
  const refusal = refused ? <FormErrors id="offer-errors" errors={typeof refused === "string" ? [refused] : refused} /> : null;
  if (!panel || panel.terms === "none") {
    return refusal ? (
      <div className="panel offer-panel" id="offers">
        {refusal}
      </div>
    ) : null;
  }
  if (panel.terms === "firm") {
    return (
      <div className="panel offer-panel" id="offers">
        {refusal ?? <p className="muted">{PRICE_IS_FIRM}</p>}
      </div>
    );
  }
  // The seller before any offer: nothing to show.
  if (!canMake && !current && !panel.closed && !refusal) return null;
  return (
    <section className="panel offer-panel stack" id="offers" aria-labelledby="offers-title">
      <h3 id="offers-title" className="section-title">
        Offers
      </h3>
      {refusal}
      {current ? <OfferState current={current} here={here} /> : null}
      {panel.closed ? <p className="muted">{panel.closed}</p> : null}
      {canMake ? (
        open === "make" ? (
          <OnDemand.OfferAmountForm action={`${here}?offer=make`} label="Your offer" button="Send offer" lastResult={lastResult} closeHref={here} />
        ) : (
          <Link to={`${here}?offer=make#offers`} className="button button--small" preventScrollReset>
            Make an offer
          </Link>
        )
      ) : null}
      {current?.canCounter && open === "counter" ? (
        <OnDemand.OfferAmountForm action={`${here}?offer=counter`} label="Your counteroffer" button="Send counteroffer" lastResult={lastResult} closeHref={here} offerId={current.id} />
      ) : null}
    </section>
  );
}

function OfferState({ current, here }: { current: NonNullable<OfferPanelView["current"]>; here: string }) {
  const busy = useNavigation().state === "submitting";
  const answer = (which: "accept" | "decline", label: string) => (
    <Form method="post" action={`${here}?offer=${which}`} className="inline-form" preventScrollReset>
      <input type="hidden" name="offerId" value={current.id} />
      <button type="submit" className={`button button--small${which === "accept" ? " button--primary" : ""}`} disabled={busy}>
        {label}
      </button>
    </Form>
  );
  return (
    <div className="stack offer-state" data-testid="offer-state">
      <p>
        {current.status === "accepted" ? `Offer accepted: ${current.counter ?? current.amount}` : `Offer: ${current.amount}`}
        {current.status === "countered" && current.counter ? ` · Counteroffer: ${current.counter}` : ""}
      </p>
      {current.canAccept || current.canDecline || current.canCounter ? (
        <div className="button-row">
          {current.canAccept ? answer("accept", "Accept") : null}
          {current.canDecline ? answer("decline", "Decline") : null}
          {current.canCounter ? (
            <Link to={`${here}?offer=counter#offers`} className="button button--small" preventScrollReset>
              Counter
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
