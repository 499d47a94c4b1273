import type { HeadersFunction, LinksFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PagedList } from "~/components/paged-list";
import { Avatar } from "~/components/post-parts";
import { VerifiedBadge } from "~/components/icons";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";
import { timeLine } from "~/utils/time-line";

export const handle: RouteHandle = { title: "Notifications" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

export { loader } from "./route.server";

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

type NotificationItem = ReturnType<typeof useLoaderData<typeof loader>>["notifications"]["items"][number];

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
            {timeLine(n.time)}
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
          {timeLine(n.time)}
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
