import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ComposePrompt } from "~/components/compose-prompt";
import { DeleteFromUrl } from "~/components/delete-from-url";
import { PostFeed } from "~/components/post-feed";
import { campusForRequest } from "~/models/campuses.server";
import { getFeedPage } from "~/models/posts.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { getUserId } from "~/services/session.server";
import { FeedFilters } from "~/components/feed-filters";
import { readFeedFilters } from "~/utils/feed-filters";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { title: "Home", back: false };

export async function loader({ request }: LoaderFunctionArgs) {
  const campus = await campusForRequest(request);
  const url = new URL(request.url);
  const filterForm = readFeedFilters(url.searchParams);
  const feed = await getFeedPage({
    campusId: campus.id,
    timeZone: getViewerTimeZone(request, campus.timeZone),
    cursor: url.searchParams.get("cursor"),
    filters: filterForm.filters,
    viewerId: await getUserId(request),
  });
  return { feed, filterForm };
}

export default function Home() {
  const { feed, filterForm } = useLoaderData<typeof loader>();
  return (
    <>
      <ComposePrompt />
      <FeedFilters form={filterForm} />
      <PostFeed page={feed} />
      <DeleteFromUrl />
    </>
  );
}
