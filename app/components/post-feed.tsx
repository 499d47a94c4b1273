import type { PostCardView } from "~/types/views";
import type { FeedView } from "~/utils/feed-filters";
import { ListingGrid } from "./listing-grid";
import { PagedList } from "./paged-list";
import { PostCard } from "./post-card";

type Page = { posts: PostCardView[]; nextCursor: string | null };

/**
 * A list of posts with paging (Load more without JS, infinite scroll with it).
 * The route's loader returns the page under `dataKey` ("feed" unless told).
 * `view` draws them as whole cards (List) or listings as photo tiles (Grid).
 */
export function PostFeed({ page, emptyText = "No Posts", dataKey = "feed", view = "list" }: { page: Page; emptyText?: string; dataKey?: string; view?: FeedView }) {
  return (
    <PagedList items={page.posts} nextCursor={page.nextCursor} dataKey={dataKey} itemsKey="posts" emptyText={emptyText}>
      {(posts) => (view === "grid" ? <ListingGrid posts={posts} /> : posts.map((post) => <PostCard key={post.id} post={post} />))}
    </PagedList>
  );
}
