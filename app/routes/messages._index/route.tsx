import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InboxRow } from "~/components/messages";
import { PagedList } from "~/components/paged-list";
import { startConversationAction } from "~/flows/messages.server";
import { campusForRequest } from "~/models/campuses.server";
import { getInboxPage } from "~/models/messages.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { requireUserId } from "~/services/session.server";
import listsCss from "~/styles/lists.css";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { title: "Messages" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listsCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const campus = await campusForRequest(request);
  const inbox = await getInboxPage({
    userId,
    timeZone: getViewerTimeZone(request, campus.timeZone),
    cursor: new URL(request.url).searchParams.get("cursor"),
  });
  return data({ inbox }, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Message seller (the post page's form posts here, `?post={id}`): opens the conversation about the post. */
export async function action({ request }: ActionFunctionArgs) {
  // The body is empty: the post is in the URL.
  return startConversationAction(request, new URL(request.url).searchParams.get("post") ?? "");
}

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
