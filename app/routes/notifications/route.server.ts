// /notifications: saves, comments and moderators' notices, newest first.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isPrefetch } from "~/http/prefetch.server";
import { campusForRequest } from "~/http/campus.server";
import { getNotificationsPage } from "~/models/notifications.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { requireUserId } from "~/services/session.server";

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
