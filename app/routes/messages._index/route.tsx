import type { HeadersFunction, LinksFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InboxRow } from "~/components/messages";
import { PagedList } from "~/components/paged-list";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";

export const handle: RouteHandle = { title: "Messages" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export { action, loader } from "./route.server";

export default function Inbox() {
  const { inbox } = useLoaderData<typeof loader>();
  return (
    <PagedList
      items={inbox.items}
      nextCursor={inbox.nextCursor}
      dataKey="inbox"
      itemsKey="items"
      emptyText="No messages yet. Message a seller from one of their posts to start a conversation."
    >
      {(items) => (
        <ol className="inbox-list" aria-label="Conversations">
          {items.map((entry) => (
            <InboxRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </PagedList>
  );
}
