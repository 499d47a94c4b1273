// /home: the campus feed, with its filters and keyset paging.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { campusForRequest } from "~/http/campus.server";
import { getFeedPage } from "~/models/posts.server";
import { dayIn } from "~/models/listing-extras.server";
import { isMoveOutWeek } from "~/models/move-out.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { getUserId } from "~/services/session.server";
import { feedView, GRID_PAGE_SIZE, readFeedFilters } from "~/utils/feed-filters";

export async function loader({ request }: LoaderFunctionArgs) {
  const campus = await campusForRequest(request);
  const url = new URL(request.url);
  const filterForm = readFeedFilters(url.searchParams);
  const view = feedView(url.searchParams, filterForm.filters, "home");
  const feed = await getFeedPage({
    campusId: campus.id,
    timeZone: getViewerTimeZone(request, campus.timeZone),
    cursor: url.searchParams.get("cursor"),
    filters: filterForm.filters,
    viewerId: await getUserId(request),
    limit: view === "grid" ? GRID_PAGE_SIZE : undefined,
  });
  // The campus's move-out weeks: the feed links to the listings that must go soonest.
  const moveOut = await isMoveOutWeek(campus.id, dayIn(campus.timeZone, Date.now()));
  return { feed, filterForm, view, moveOut };
}
