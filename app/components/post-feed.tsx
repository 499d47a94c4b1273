import type { PostCardView } from "~/types/views";
import type { FeedView } from "~/utils/feed-filters";
import { HydrateInTurn } from "./hydrate-in-turn";
import { ListingGrid } from "./listing-grid";
import { PagedList } from "./paged-list";
import { PostActionsScope } from "./post-actions";
import { PostCard } from "./post-card";

type Page = { posts: PostCardView[]; nextCursor: string | null };

/**
 * A list of posts with paging (Load more without JS, infinite scroll with it).
 * The route's loader returns the page under `dataKey` ("feed" unless told).
 * `view` draws them as whole cards (List) or listings as photo tiles (Grid).
 * The cards past the first screen hydrate one at a time (HydrateInTurn).
 */
export function PostFeed({ page, emptyText = "No Posts", dataKey = "feed", view = "list" }: { page: Page; emptyText?: string; dataKey?: string; view?: FeedView }) {
  return (
    <PostActionsScope>
      <PagedList items={page.posts} nextCursor={page.nextCursor} dataKey={dataKey} itemsKey="posts" emptyText={emptyText}>
        {(posts) =>
          view === "grid" ? (
            <ListingGrid posts={posts} />
          ) : (
            posts.map((post, index) => (
              <HydrateInTurn key={post.id} turnKey={post.id} index={index}>
                <PostCard post={post} />
              </HydrateInTurn>
            ))
          )
        }
      </PagedList>
    </PostActionsScope>
  );
}
