import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef } from "react";
import type { ComposerProps } from "./composer";
import { Dialog } from "./dialog";
import { OnDemand } from "./on-demand";

// The composer's code, with the campuses' pickup spots, loads only when someone starts composing (docs/product.md §22).
const Composer = lazy(() =>
  Promise.all([import("./composer"), import("~/data/pickup-spots")]).then(([{ Composer }, { pickupSpotsFor }]) => ({
    default: (props: ComposerProps & { campusId: string }) => <Composer {...props} pickupSpots={pickupSpotsFor(props.campusId)} />,
  })),
);

/**
 * The composer in a modal, opened by a click on "What are you selling?" (with JS,
 * on a wide screen). Nothing renders it on the server, so its code and the
 * dialog's are fetched on that click, not with the feed.
 */
export function ComposeModal({
  schoolVerified,
  campusId,
  action,
  goBack,
  onClose,
}: {
  schoolVerified: boolean;
  campusId: string;
  action: string;
  goBack: string;
  onClose: () => void;
}) {
  // The composer page's own data (`action` is its URL): whether this server takes videos, told before a file is chosen.
  const page = useFetcher<{ videos?: boolean }>();
  const { load } = page;
  const asked = useRef(false);
  useEffect(() => {
    if (!schoolVerified || asked.current) return;
    asked.current = true;
    load(action);
  }, [schoolVerified, action, load]);
  return (
    // No Escape or backdrop close: the composer's own Close asks before a draft is lost.
    <Dialog title="Create Post" id="compose" wide hideTitle>
      {schoolVerified ? (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <Composer
            kind="post"
            campusId={campusId}
            action={action}
            hidden={{ target: "post", goBack }}
            goBack={goBack}
            onClose={onClose}
            videos={page.data?.videos ?? true}
          />
        </Suspense>
      ) : (
        <>
          <OnDemand.VerifySchoolPrompt />
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </>
      )}
    </Dialog>
  );
}
