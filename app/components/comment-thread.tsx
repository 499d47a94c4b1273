import { Link } from "@remix-run/react";
import type { CommentNode } from "~/types/views";
import { Avatar, AuthorLine, HiddenNotice, RememberedBody, RichText } from "./post-parts";
import { MediaGallery } from "./post-media";
import { actionsDialogOpen, PostActionsView, useActionsPage, type ActionsFrame } from "./post-actions";
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

/** The two frames of a thread's comments (the reader's own, everyone else's) and which comments are the reader's. */
type ThreadFrames = { mine: ActionsFrame; theirs: ActionsFrame; mineIds: string[] };

const frameFor = (frames: ThreadFrames, c: CommentNode) => (frames.mineIds.includes(c.id) ? frames.mine : frames.theirs);

/**
 * A comment and its replies beneath. Its own box is drawn from the comment
 * and its actions' frame alone, so the server renders that HTML once for
 * every reader and address with the same (RememberedBody), when the thread is
 * not remembered whole.
 */
function Comment({ comment: c, frame, children }: { comment: CommentNode; frame: ActionsFrame; children?: React.ReactNode }) {
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

const levelClass = (level: number) => `thread thread--level-${Math.min(level, 4)}`;

/**
 * The comments of one level of a thread (inside its <ul>): each with its
 * replies beneath it, and at the last level each reply followed by the deeper
 * replies below it, side by side (the recursion stops there, however deep).
 */
function ThreadLevel({ comments, frames, level }: { comments: CommentNode[]; frames: ThreadFrames; level: number }) {
  return comments.map((c) =>
    level < LAST_LEVEL ? (
      <Comment key={c.id} comment={c} frame={frameFor(frames, c)}>
        {c.replies.length ? (
          <ul className={levelClass(level + 1)} data-level={level + 1}>
            <ThreadLevel comments={c.replies} frames={frames} level={level + 1} />
          </ul>
        ) : null}
      </Comment>
    ) : (
      [c, ...c.replies].map((r) => <Comment key={r.id} comment={r} frame={frameFor(frames, r)} />)
    ),
  );
}

/** Each comment of the thread, replies included, in order. */
function eachComment(comments: CommentNode[], visit: (c: CommentNode) => void) {
  for (const c of comments) {
    visit(c);
    eachComment(c.replies, visit);
  }
}

/**
 * A thread at most five levels deep (inside a PostActionsScope). Drawn from
 * its comments, the page's two frames and which comments are the reader's
 * alone, so the server renders a page of a thread once for every reader and
 * address with the same (RememberedBody), not comment by comment; when a
 * comment's Share menu or Report dialog is open, it is drawn in place.
 */
export function CommentThread({ comments }: { comments: CommentNode[] }) {
  const page = useActionsPage();
  if (comments.length === 0) return null;
  const mineIds: string[] = [];
  if (page.viewerId !== null) eachComment(comments, (c) => c.author.id === page.viewerId && mineIds.push(c.id));
  const frames: ThreadFrames = { mine: page.mine, theirs: page.theirs, mineIds };
  const dialogOpen = () => {
    let open = false;
    eachComment(comments, (c) => (open ||= actionsDialogOpen(frameFor(frames, c), c.id)));
    return open;
  };
  return (
    <RememberedBody tag="ul" attrs={{ className: levelClass(1), "data-level": 1 }} name="thread" Body={ThreadLevel} props={{ comments, frames, level: 1 }} inPlace={dialogOpen} />
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
