import type { HeadersFunction, LinksFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { ModerationConfirm, ModerationEntry } from "~/components/moderation";
import moderationCss from "~/styles/moderation.css";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";

export const handle: RouteHandle = { title: "Moderation" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: moderationCss }];

// Moderators only: everyone else gets the not-found page, for the page and its form posts.
export { action, loader } from "./route.server";

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The review queue: open reports grouped by item, the item with the newest report first. */
export default function Moderation() {
  const { page, confirm, here, viewerIsOwner, reasons } = useLoaderData<typeof loader>();
  const cursor = new URLSearchParams(useLocation().search).get("cursor");
  return (
    <div className="stack moderation">
      {page.items.length === 0 ? (
        <p className="panel empty-state">No open reports. Reported posts, comments, profiles and conversations show up here.</p>
      ) : (
        <ol className="moderation__list" aria-label="Reported items">
          {page.items.map((entry) => (
            <ModerationEntry key={entry.id} entry={entry} here={here} cursor={cursor} viewerIsOwner={viewerIsOwner} reasons={reasons} />
          ))}
        </ol>
      )}
      {page.nextCursor || cursor ? (
        <nav className="button-row" aria-label="Pages of reports">
          {cursor ? (
            <Link to="/moderation" className="button">
              Newest reports
            </Link>
          ) : null}
          {page.nextCursor ? (
            <Link to={`/moderation?cursor=${encodeURIComponent(page.nextCursor)}`} className="button">
              Older reports
            </Link>
          ) : null}
        </nav>
      ) : null}
      <ModerationConfirm confirm={confirm} cancelHref={here} />
    </div>
  );
}
