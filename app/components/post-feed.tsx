import type { PostCardView } from "~/types/views";
import { PagedList } from "./paged-list";
import { PostCard } from "./post-card";

type Page = { posts: PostCardView[]; nextCursor: string | null };

/**
 * A list of posts with paging (Load more without JS, infinite scroll with it).
 * The route's loader returns the page under `dataKey` ("feed" unless told).
 */
export function PostFeed({ page, emptyText = "No Posts", dataKey = "feed" }: { page: Page; emptyText?: string; dataKey?: string }) {
  return (
    <PagedList items={page.posts} nextCursor={page.nextCursor} dataKey={dataKey} itemsKey="posts" emptyText={emptyText}>
      {(posts) => posts.map((post) => <PostCard key={post.id} post={post} />)}
    </PagedList>
  );
}
