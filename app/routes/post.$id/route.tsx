import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { CommentThread, MoreComments } from "~/components/comment-thread";
import { DeleteFromUrl } from "~/components/delete-from-url";
import { DoesNotExist } from "~/components/not-found";
import { PostActionsScope } from "~/components/post-actions";
import { PostCard } from "~/components/post-card";
import { MessageSellerButton } from "~/components/message-seller";
import { OnDemand } from "~/components/on-demand";
import type { RouteHandle } from "~/utils/route-handle";
import { SellerCard } from "./seller-card";
import type { action, loader } from "./route.server";

// Link previews: the tags the loader built for this page (none when it must not be previewed).
export { previewMeta as meta } from "~/utils/preview-meta";
export const handle: RouteHandle = {
  title: (d) => {
    const post = (d as { post?: { author: { firstName: string } } } | undefined)?.post;
    return post ? `${post.author.firstName}'s post` : "Post";
  },
};

export { action, loader } from "./route.server";

export default function PostPage() {
  const { status, post, chain, comments, nextComments, listing, mine, seller } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const params = useParams();
  const refused = lastResult && "status" in lastResult ? lastResult : null;
  if (status === "missing") {
    // A comment refused because the post is no longer there for this person (a block): the reason and the draft, then the not-found page.
    return (
      <>
        {refused ? (
          <section className="panel" aria-label="Your comment">
            <OnDemand.CommentBox action={`/post/${params.id ?? ""}`} lastResult={refused} />
          </section>
        ) : null}
        <DoesNotExist />
      </>
    );
  }
  if (status === "deleted" || !post) {
    return <p className="panel empty-state">Sorry, that post has been deleted.</p>;
  }
  return (
    <PostActionsScope>
      <div className="stack">
        {chain.root || chain.nearest.length ? (
          <div className="parent-chain" role="group" aria-label="Replying to">
            {chain.root ? <PostCard post={chain.root} /> : null}
            {/* Only the top of the thread and the nearest few replies above this one are shown. */}
            {chain.skipped ? (
              <p className="parent-chain__gap muted" data-testid="chain-gap">
                Earlier replies not shown
              </p>
            ) : null}
            {chain.nearest.map((p) => (
              <PostCard key={p.id} post={p} />
            ))}
          </div>
        ) : null}
        {/* The post and its Message seller bar share a box: on a phone the bar sticks to the screen's bottom while the post is in view. */}
        <div className="post-with-bar">
          <PostCard post={post} detail />
          {!post.parentId && !post.gameId && !post.projectId ? (
            <MessageSellerButton postId={post.id} authorId={post.author.id} forSale={post.price !== null && post.status !== "sold" && !post.expired} wanted={Boolean(post.wanted)} />
          ) : null}
        </div>
        {mine ? <OnDemand.ListingControls postId={post.id} listing={listing} Confirm={OnDemand.ListingConfirm} /> : null}
        {seller ? <SellerCard card={seller} /> : null}
        <section aria-labelledby="comments-title" className="panel" id="comments">
          <h2 id="comments-title" className="section-title">
            Comments
          </h2>
          <OnDemand.CommentBox action={`/post/${post.id}`} lastResult={refused} untilInteraction={!refused} />
          {comments.length ? <CommentThread comments={comments} /> : <p className="muted">No comments yet.</p>}
          {nextComments ? <MoreComments href={`/post/${post.id}?comments=${nextComments}#comments`} /> : null}
        </section>
        {/* Deleting the page's own post leaves for its parent, or the feed. */}
        <DeleteFromUrl returnToFor={(id) => (id === post.id ? (post.parentId ? `/post/${post.parentId}` : "/home") : undefined)} />
      </div>
    </PostActionsScope>
  );
}
