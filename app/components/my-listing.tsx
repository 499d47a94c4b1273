import { useLocation } from "@remix-run/react";
import type { ListingControlsView } from "~/types/views";
import { listingConfirmOpen, withoutModals } from "~/utils/url-state";
import { OnDemand } from "./on-demand";

/**
 * The author's own listing on its page: the controls and, when the URL asks
 * (?confirm=mark-sold|renew), the confirmation. Both load on demand; the
 * confirmation is rendered here rather than by the controls, so no on-demand
 * component renders another.
 */
export function MyListing({ postId, listing }: { postId: string; listing: ListingControlsView | null }) {
  const location = useLocation();
  const open = listing ? listingConfirmOpen(location.search) : undefined;
  return (
    <>
      <OnDemand.ListingControls postId={postId} listing={listing} />
      {open && listing ? (
        <OnDemand.ListingConfirm
          which={open}
          postId={postId}
          soldLabel={listing.moves.find((m) => m.status === "sold")?.label ?? ""}
          closeHref={withoutModals(location.pathname + location.search)}
        />
      ) : null}
    </>
  );
}
