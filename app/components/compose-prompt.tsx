import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { signUpPromptHref } from "~/utils/url-state";
import { useOptionalUser } from "~/utils/user";
import { Icon } from "./icons";
import { SuspensionNotice } from "./suspension-notice";

// The modal (the dialog and the composer) is only ever opened by a click: its code is not part of the feed's (docs/product.md §22).
const ComposeModal = lazy(() => import("./compose-modal").then((m) => ({ default: m.ComposeModal })));

/**
 * "Sell something" above a feed: one compact control, so a phone's first
 * screen is the feed. It links to /create/post (every width, no JS); with JS
 * on a wide screen it opens the composer in a modal instead. Visitors get the
 * sign-up prompt.
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
        className="compose-prompt button"
        preventScrollReset={!user}
        onClick={(event) => {
          if (!user || window.matchMedia("(max-width: 769px)").matches) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Icon name="plus" small /> Sell something
      </Link>
      {open && user ? (
        <Suspense fallback={null}>
          <ComposeModal schoolVerified={user.schoolVerified} campusId={campusId} action={href} goBack={here} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
