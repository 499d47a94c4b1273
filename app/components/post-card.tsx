import { memo } from "react";
import type { PostCardView } from "~/types/views";
import { ListingDetails, ListingLine } from "./listing-info";
import { ListingExtras } from "./listing-extras";
import { PostActions } from "./post-actions";
import { Avatar, AuthorLine, HiddenNotice, RichText } from "./post-parts";
import { SpaLink } from "./spa-link";
import { MediaPreview, PostGallery } from "./post-media";

/**
 * A post in a feed; `detail` on its own page (every photo at full quality, pickup spot, Edited).
 * Memoized, and nothing in it but its SaveButton reads the router (PostActionsScope): a router
 * update that leaves the post as it was does not render it again.
 */
export const PostCard = memo(function PostCard({ post, detail = false }: { post: PostCardView & { saved: boolean }; detail?: boolean }) {
  return (
    <article className="card post-card" id={`post-${post.id}`} aria-labelledby={`post-${post.id}-author`} data-testid="post-card">
      <header className="post-card__header" id={`post-${post.id}-author`}>
        <Avatar author={post.author} />
        <AuthorLine author={post.author} time={post.time} />
      </header>
      {post.hidden ? <HiddenNotice /> : null}
      <SpaLink to={`/post/${post.id}`} className="post-card__body">
        <RichText blocks={post.text} />
      </SpaLink>
      <ListingLine post={post} />
      <ListingExtras extras={post.extras} detail={detail} />
      {detail ? <ListingDetails pickupSpot={post.pickupSpot} edited={post.edited} /> : null}
      {post.categoryLabel ? <p className="chip">{post.categoryLabel}</p> : null}
      {detail ? <PostGallery media={post.media} /> : <MediaPreview media={post.media} postId={post.id} />}
      <PostActions post={post} kind="post" />
    </article>
  );
});
