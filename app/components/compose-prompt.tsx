import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { signUpPromptHref } from "~/utils/url-state";
import { useOptionalUser } from "~/utils/user";
import type { ComposerProps } from "./composer";
import { Dialog } from "./dialog";
import { SuspensionNotice } from "./suspension-notice";
import { OnDemand } from "./on-demand";

// The composer's code, with the campuses' pickup spots, loads only when someone starts composing (docs/product.md §22).
const Composer = lazy(() =>
  Promise.all([import("./composer"), import("~/data/pickup-spots")]).then(([{ Composer }, { pickupSpotsFor }]) => ({
    default: (props: ComposerProps & { campusId: string }) => <Composer {...props} pickupSpots={pickupSpotsFor(props.campusId)} />,
  })),
);

/**
 * "What are you selling?" above a feed. It links to /create/post (every width,
 * no JS); with JS on a wide screen it opens the composer in a modal instead.
 * Visitors get the sign-up prompt.
 */
export function ComposePrompt() {
  const user = useOptionalUser();
  const campusId = useRouteLoaderData<{ campus: { id: string } }>("root")?.campus.id ?? "";
  const location = useLocation();
  const here = location.pathname + location.search;
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location.key]);
  const href = user ? `/create/post?goBack=${encodeURIComponent(here)}` : signUpPromptHref(here, "post");
  // A suspended user is told why, where the composer would be.
  if (user?.suspension) return <SuspensionNotice text={user.suspension} />;
  return (
    <>
      <Link
        to={href}
        className="compose-prompt card"
        preventScrollReset={!user}
        onClick={(event) => {
          if (!user || window.matchMedia("(max-width: 769px)").matches) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        What are you selling?
      </Link>
      {open && user ? (
        // No Escape or backdrop close: the composer's own Close asks before a draft is lost.
        <Dialog title="Create Post" id="compose" wide hideTitle>
          {user.schoolVerified ? (
            <Suspense fallback={<p className="muted">Loading…</p>}>
              <Composer
                kind="post"
                campusId={campusId}
                action={href}
                hidden={{ target: "post", goBack: here }}
                goBack={here}
                onClose={() => setOpen(false)}
              />
            </Suspense>
          ) : (
            <>
              <OnDemand.VerifySchoolPrompt />
              <button type="button" className="button" onClick={() => setOpen(false)}>
                Close
              </button>
            </>
          )}
        </Dialog>
      ) : null}
    </>
  );
}
