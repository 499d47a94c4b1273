import type { CommentNode } from "~/types/views";
import { Avatar, AuthorLine, HiddenNotice, MediaGallery, RichText } from "./post-parts";
import { PostActions } from "./post-actions";

/** A thread, recursively: each comment with its replies beneath it. */
export function CommentThread({ comments, level = 1 }: { comments: CommentNode[]; level?: number }) {
  if (comments.length === 0) return null;
  return (
    <ul className={`thread thread--level-${Math.min(level, 4)}`}>
      {comments.map((c) => (
        <li key={c.id} id={`post-${c.id}`} className="comment" data-testid="comment">
          <div className="comment__body">
            <Avatar author={c.author} size={32} />
            <div className="comment__main">
              <AuthorLine author={c.author} time={c.time} />
              {c.hidden ? <HiddenNotice /> : null}
              <RichText blocks={c.text} />
              <MediaGallery media={c.media} />
              <PostActions post={c} kind="comment" replyLabel="Reply" />
            </div>
          </div>
          <CommentThread comments={c.replies} level={level + 1} />
        </li>
      ))}
    </ul>
  );
}
