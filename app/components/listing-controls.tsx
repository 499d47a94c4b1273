import { Form, Link, useNavigation } from "@remix-run/react";
import type { ListingControlsView } from "~/types/views";
import type { ListingConfirmKey } from "~/utils/url-state";

/**
 * The author's buttons under their listing: Mark as pending / sold /
 * available, Renew and Edit. Each is a plain form; selling and renewing ask
 * first (URL state: ?confirm=mark-sold|renew, the dialog rendered beside these
 * by MyListing), so all of it works without JS.
 */
export function ListingControls({ postId, listing }: { postId: string; listing: ListingControlsView | null }) {
  const busy = useNavigation().state === "submitting";
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
    </section>
  );
}
