import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import type { ListingControlsView } from "~/types/views";
import { withoutModals } from "~/utils/url-state";
import { ConfirmActions, Dialog } from "./dialog";

const CONFIRM = {
  "mark-sold": {
    title: "Mark as sold?",
    text: "It leaves the feed and search results. You can mark it as available again later.",
    intent: "status",
    status: "sold",
    button: null, // the sold move's own label
  },
  renew: {
    title: "Renew listing?",
    text: "It moves back to the top of the feed and stays up for another 30 days. You can renew a listing once every 48 hours.",
    intent: "renew",
    status: null,
    button: "Renew",
  },
} as const;
type ConfirmKey = keyof typeof CONFIRM;

/**
 * The author's buttons under their listing: Mark as pending / sold /
 * available, Renew and Edit. Each is a plain form; selling and renewing ask
 * first (URL state: ?confirm=mark-sold|renew), so all of it works without JS.
 */
export function ListingControls({ postId, listing }: { postId: string; listing: ListingControlsView | null }) {
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const here = withoutModals(location.pathname + location.search);
  const confirm = new URLSearchParams(location.search).get("confirm");
  const open = confirm && confirm in CONFIRM ? CONFIRM[confirm as ConfirmKey] : null;
  /** A button that opens a confirmation: a GET form to this page with ?confirm=… */
  const ask = (key: ConfirmKey, label: string) => (
    <Form method="get" className="inline-form" preventScrollReset>
      <input type="hidden" name="confirm" value={key} />
      <button type="submit" className="button button--small">
        {label}
      </button>
    </Form>
  );
  return (
    <section className="panel listing-controls" aria-label="Your listing">
      <div className="button-row">
        {listing
          ? listing.moves.map(({ status, label }) =>
              status === "sold" ? (
                <span key={status}>{ask("mark-sold", label)}</span>
              ) : (
                <Form key={status} method="post" action={`/post/${postId}`} className="inline-form">
                  <input type="hidden" name="intent" value="status" />
                  <input type="hidden" name="status" value={status} />
                  <button type="submit" className="button button--small" disabled={busy}>
                    {label}
                  </button>
                </Form>
              ),
            )
          : null}
        {listing?.renewable ? ask("renew", "Renew") : null}
        <Link to={`/post/${postId}/edit`} className="button button--small">
          Edit
        </Link>
      </div>
      {listing && !listing.renewable && listing.status !== "sold" ? (
        <p className="muted listing-controls__note">
          {listing.expired ? "Expired: no longer in the feed or search. " : ""}You can renew this listing from{" "}
          <time dateTime={listing.nextRenew.iso} suppressHydrationWarning>
            {listing.nextRenew.date}, {listing.nextRenew.clock}
          </time>
          .
        </p>
      ) : listing?.expired && listing.status !== "sold" ? (
        <p className="muted listing-controls__note">Expired: no longer in the feed or search. Renew it to bring it back.</p>
      ) : null}
      {open && listing ? (
        <Dialog title={open.title} id="confirm-listing" closeHref={here} description={open.text} alert>
          <ConfirmActions
            action={`/post/${postId}`}
            fields={open.status ? { intent: open.intent, status: open.status } : { intent: open.intent }}
            label={open.button ?? listing.moves.find((m) => m.status === "sold")?.label ?? ""}
            tone="primary"
            cancelHref={here}
          />
        </Dialog>
      ) : null}
    </section>
  );
}
