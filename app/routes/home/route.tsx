import { useLoaderData } from "@remix-run/react";
import { ComposePrompt } from "~/components/compose-prompt";
import { DeleteFromUrl } from "~/components/delete-from-url";
import { PostFeed } from "~/components/post-feed";
import { FeedFilters } from "~/components/feed-filters";
import { SaveSearchButton } from "~/components/save-search-button";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";

export const handle: RouteHandle = { title: "Home", back: false };

export { loader } from "./route.server";

export default function Home() {
  const { feed, filterForm, view, moveOut } = useLoaderData<typeof loader>();
  return (
    <>
      <ComposePrompt />
      {moveOut ? <a href="/home?sort=must-go" className="button move-out-link">Move-out sale</a> : null}
      <FeedFilters form={filterForm} view={view} />
      <SaveSearchButton filters={filterForm.filters} />
      <PostFeed page={feed} view={view} />
      <DeleteFromUrl />
    </>
  );
}
