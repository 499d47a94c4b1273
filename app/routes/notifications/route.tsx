import type { HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PagedList } from "~/components/paged-list";
import { Avatar } from "~/components/post-parts";
import { VerifiedBadge } from "~/components/icons";
import { campusForRequest } from "~/models/campuses.server";
import { getNotificationsPage, type NotificationItem } from "~/models/notifications.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { requireUserId } from "~/services/session.server";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { title: "Notifications" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

/** A browser fetching ahead of a click (link prefetch) has not shown anything to anyone yet. */
function isPrefetch(request: Request): boolean {
  return /prefetch/i.test(`${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const campus = await campusForRequest(request);
  const cursor = new URL(request.url).searchParams.get("cursor");
  // Opening the page (its first page) marks everything read; the page still shows what was new.
  const notifications = await getNotificationsPage({
    userId,
    timeZone: getViewerTimeZone(request, campus.timeZone),
    cursor,
    markRead: !cursor && !isPrefetch(request),
  });
  return data({ notifications }, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

function NotificationRow({ n }: { n: NotificationItem }) {
  // A moderators' notice speaks for itself: no one's name or photo on it (the loader sends none).
  if (n.notice || !n.actor) {
    return (
      <li className={`card notification${n.unread ? " notification--unread" : ""}`} data-testid="notification">
        <div className="notification__main">
          <p className="notification__what">
            {n.unread ? <span className="notification__new">New</span> : null}
            <Link to={n.href} className="notification__link">
              {n.notice ?? n.verb}
            </Link>
          </p>
          <time dateTime={n.time.iso} className="muted" suppressHydrationWarning>
            {n.time.ago} · {n.time.clock} · {n.time.date}
          </time>
        </div>
      </li>
    );
  }
  return (
    <li className={`card notification${n.unread ? " notification--unread" : ""}`} data-testid="notification">
      <Link to={`/${n.actor.username}`} aria-hidden="true" tabIndex={-1} className="notification__avatar">
        <Avatar author={n.actor} />
      </Link>
      <div className="notification__main">
        <p className="notification__what">
          {n.unread ? <span className="notification__new">New</span> : null}
          <Link to={n.href} className="notification__link">
            <strong>{n.actor.displayName}</strong>
            {n.actor.verified ? <VerifiedBadge /> : null} {n.verb}
          </Link>
        </p>
        {n.excerpt ? <p className="notification__excerpt">{n.excerpt}</p> : null}
        {n.unavailable ? <p className="notification__excerpt muted">{n.unavailable}</p> : null}
        <time dateTime={n.time.iso} className="muted" suppressHydrationWarning>
          {n.time.ago} · {n.time.clock} · {n.time.date}
        </time>
      </div>
    </li>
  );
}

export default function Notifications() {
  const { notifications } = useLoaderData<typeof loader>();
  return (
    <PagedList
      items={notifications.items}
      nextCursor={notifications.nextCursor}
      dataKey="notifications"
      itemsKey="items"
      emptyText="No notifications yet. When someone comments on or saves your posts, you will see it here."
    >
      {(items) => (
        <ol className="notification-list" aria-label="Notifications">
          {items.map((n) => (
            <NotificationRow key={n.id} n={n} />
          ))}
        </ol>
      )}
    </PagedList>
  );
}
