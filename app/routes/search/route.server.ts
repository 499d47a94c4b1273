// /search?q=…&tab=posts|people: posts (with the feed's filters) or people on this campus.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { campusForRequest } from "~/http/campus.server";
import { countSearchPosts, searchPeople, searchPosts } from "~/models/search.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { getUserId } from "~/services/session.server";
import { feedView, GRID_PAGE_SIZE, readFeedFilters } from "~/utils/feed-filters";
import { MAX_QUERY, type Tab } from "./tabs";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const tab: Tab = url.searchParams.get("tab") === "people" ? "people" : "posts";
  const campus = await campusForRequest(request);
  const viewerId = await getUserId(request);
  const filterForm = readFeedFilters(url.searchParams, { bestMatch: true });
  const view = feedView(url.searchParams, filterForm.filters, "search");
  const base = { q, tab, campusName: campus.name, visitor: !viewerId, feed: null, people: null, filterForm, view, count: null as number | null };
  // Visitors see the form; searching opens the sign-up prompt (docs/product.md §9) instead of results.
  if (!q || !viewerId) return base;
  const cursor = url.searchParams.get("cursor");
  if (tab === "people") return { ...base, people: await searchPeople({ query: q, campusId: campus.id, cursor }) };
  const timeZone = getViewerTimeZone(request, campus.timeZone);
  const search = { campusId: campus.id, query: q, timeZone, viewerId, filters: filterForm.filters };
  // The count is the first page's; later pages (More) keep the one shown.
  const [feed, count] = await Promise.all([searchPosts({ ...search, cursor, limit: view === "grid" ? GRID_PAGE_SIZE : undefined }), cursor ? null : countSearchPosts(search)]);
  return { ...base, feed, count };
}
