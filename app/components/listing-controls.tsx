import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import type { ComponentProps, ComponentType } from "react";
import type { ListingControlsView } from "~/types/views";
import { withoutModals } from "~/utils/url-state";
import type { ListingConfirm, ListingConfirmKey } from "./listing-confirm";

/** The moves that ask first (components/listing-confirm.tsx). */
const LISTING_CONFIRMS: readonly ListingConfirmKey[] = ["mark-sold", "renew"];

/**
 * The author's buttons under their listing: Mark as pending / sold /
 * available, Renew and Edit. Each is a plain form; selling and renewing ask
 * first (URL state: ?confirm=mark-sold|renew), so all of it works without JS.
 * Both load on demand: the page hands in the confirmation's slot (`Confirm`,
 * OnDemand.ListingConfirm), as a module the registry loads must not import it back.
 */
export function ListingControls({
  postId,
  listing,
  Confirm,
}: {
  postId: string;
  listing: ListingControlsView | null;
  Confirm: ComponentType<ComponentProps<typeof ListingConfirm>>;
}) {
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const here = withoutModals(location.pathname + location.search);
  const confirm = new URLSearchParams(location.search).get("confirm");
  const open = LISTING_CONFIRMS.find((key) => key === confirm);
  /** A button that opens a confirmation: a GET form to this page with ?confirm=… */
  const ask = (key: ListingConfirmKey, label: string) => (
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
              status === "sold" && !listing.wanted ? (
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
        <Confirm which={open} postId={postId} soldLabel={listing.moves.find((m) => m.status === "sold")?.label ?? ""} closeHref={here} buyers={listing.buyers} />
      ) : null}
    </section>
  );
}
