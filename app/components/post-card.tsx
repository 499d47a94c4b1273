import { memo } from "react";
import type { PostCardView } from "~/types/views";
import { ListingDetails, ListingLine } from "./listing-info";
import { ListingExtras } from "./listing-extras";
import { actionsDialogOpen, PostActionsView, useActionsFrame, type ActionsFrame } from "./post-actions";
import { Avatar, AuthorLine, HiddenNotice, RememberedBody, RichText } from "./post-parts";
import { SpaLink } from "./spa-link";
import { MediaPreview, PostGallery } from "./post-media";

type CardPost = PostCardView & { saved: boolean };

/**
 * A post in a feed; `detail` on its own page (every photo at full quality, pickup spot, Edited).
 * Memoized, and nothing in it but its SaveButton reads the router (it is drawn inside a
 * PostActionsScope): a router update that leaves the post as it was does not render it again. Its
 * body is drawn from the post and the actions' frame alone, so the server renders that HTML once
 * for every reader and address with the same (RememberedBody).
 */
export const PostCard = memo(function PostCard({ post, detail = false }: { post: CardPost; detail?: boolean }) {
  const frame = useActionsFrame(post.author.id);
  return (
    <RememberedBody
      tag="article"
      attrs={{
        className: "card post-card",
        id: `post-${post.id}`,
        "aria-labelledby": `post-${post.id}-author`,
        "data-testid": "post-card",
      }}
      name="post-card"
      Body={PostCardBody}
      props={{ post, detail, frame }}
      inPlace={() => actionsDialogOpen(frame, post.id)}
    />
  );
});

function PostCardBody({ post, detail, frame }: { post: CardPost; detail: boolean; frame: ActionsFrame }) {
  return (
    <>
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
      <PostActionsView post={post} kind="post" frame={frame} />
    </>
  );
}
