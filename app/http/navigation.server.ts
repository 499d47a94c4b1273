// The session of a page's request read together with the navigation's counts
// (docs/product.md §22): one statement where there were two, on every signed-in
// page. The root loader starts it before anything else it awaits, so it is the
// request's session lookup and the other loaders share it.
import { unreadCountColumns, unreadCountValues } from "~/models/messages.server";
import { sessionLookupWith } from "~/services/session.server";

const lookupWithUnreadCounts = sessionLookupWith(unreadCountColumns);

/**
 * The request's session user (pending included) and their unread counts
 * without `exceptChatId` (the conversation the page shows); `unread` is null
 * when another loader looked the session up first (the caller counts then).
 */
export async function sessionWithUnreadCounts(request: Request, exceptChatId: string | null) {
  const { user, extra } = await lookupWithUnreadCounts(request, unreadCountValues(exceptChatId));
  return { sessionUser: user, unread: extra };
}
