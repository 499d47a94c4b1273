import { Link } from "@remix-run/react";
import type { CommentNode } from "~/types/views";
import { Avatar, AuthorLine, HiddenNotice, RememberedBody, RichText } from "./post-parts";
import { MediaGallery } from "./post-media";
import { actionsDialogOpen, PostActionsView, useActionsFrame, type ActionsFrame } from "./post-actions";
import { SpaLink } from "./spa-link";

/** The levels a thread nests; the loader puts deeper replies in the last level's list (buildThread). */
const LAST_LEVEL = 5;

/** What a comment's own box shows (not its replies): the key its HTML is remembered by. */
type CommentFace = Pick<CommentNode, "id" | "author" | "time" | "replyingTo" | "hidden" | "text" | "media" | "likeCount" | "commentCount" | "saved" | "moreReplies">;

function faceOf(c: CommentNode): CommentFace {
  return {
    id: c.id,
    author: c.author,
    time: c.time,
    replyingTo: c.replyingTo,
    hidden: c.hidden,
    text: c.text,
    media: c.media,
    likeCount: c.likeCount,
    commentCount: c.commentCount,
    saved: c.saved,
    moreReplies: c.moreReplies,
  };
}

/**
 * A comment and its replies beneath (inside a PostActionsScope). Its own box is
 * drawn from the comment and the actions' frame alone, so the server renders
 * that HTML once for every reader and address with the same (RememberedBody).
 */
function Comment({ comment: c, children }: { comment: CommentNode; children?: React.ReactNode }) {
  const frame = useActionsFrame(c.author.id);
  return (
    <li id={`post-${c.id}`} className="comment" data-testid="comment">
      <RememberedBody
        tag="div"
        attrs={{ className: "comment__body" }}
        name="comment"
        Body={CommentBody}
        props={{ comment: faceOf(c), frame }}
        inPlace={() => actionsDialogOpen(frame, c.id)}
      />
      {children}
    </li>
  );
}

function CommentBody({ comment: c, frame }: { comment: CommentFace; frame: ActionsFrame }) {
  return (
    <>
      <Avatar author={c.author} size={32} />
      <div className="comment__main">
        <AuthorLine author={c.author} time={c.time} />
        {c.replyingTo ? (
          <p className="comment__replying-to muted">
            Replying to <a href={`#post-${c.replyingTo.id}`}>{`@${c.replyingTo.username}`}</a>
          </p>
        ) : null}
        {c.hidden ? <HiddenNotice /> : null}
        <RichText blocks={c.text} />
        <MediaGallery media={c.media} />
        <PostActionsView post={c} kind="comment" replyLabel="Reply" frame={frame} />
        {c.moreReplies ? (
          <SpaLink to={`/post/${c.id}#comments`} className="comment__more">
            More replies
          </SpaLink>
        ) : null}
      </div>
    </>
  );
}

/**
 * A thread at most five levels deep: each comment with its replies beneath
 * it, and at the last level each reply followed by the deeper replies below
 * it, side by side (the recursion stops there, however deep the thread).
 */
export function CommentThread({ comments, level = 1 }: { comments: CommentNode[]; level?: number }) {
  if (comments.length === 0) return null;
  return (
    <ul className={`thread thread--level-${Math.min(level, 4)}`} data-level={level}>
      {comments.map((c) =>
        level < LAST_LEVEL ? (
          <Comment key={c.id} comment={c}>
            <CommentThread comments={c.replies} level={level + 1} />
          </Comment>
        ) : (
          [c, ...c.replies].map((r) => <Comment key={r.id} comment={r} />)
        )
      )}
    </ul>
  );
}

/** The next page of a thread's top-level comments: a plain link (URL state), so it works without JavaScript. */
export function MoreComments({ href }: { href: string }) {
  return (
    <Link to={href} className="button thread__more" data-testid="more-comments">
      More comments
    </Link>
  );
}
