// The pieces a post, a comment and a portfolio item share: the author and the
// text (their photos and videos are in post-media.tsx). Apart from PostCard, so
// pages that show only comments or avatars (projects, games, search,
// notifications) load no feed card.
import type { AuthorView, TextBlock, TimeView } from "~/types/views";
import { VerifiedBadge } from "./icons";
import { SpaLink } from "./spa-link";
import { timeLine } from "~/utils/time-line";

/**
 * A round profile photo, or the first letter of the name when there is none;
 * either way a screen reader hears "{name}'s profile photo" (docs/product.md §17). The
 * one avatar of every page: cards, comments, messages, search, the profile
 * and its photo form.
 */
export function Avatar({ author, size = 40, lazy = true }: { author: Pick<AuthorView, "displayName" | "avatarUrl">; size?: number; lazy?: boolean }) {
  const alt = `${author.displayName}'s profile photo`;
  if (author.avatarUrl) {
    return <img className="avatar" loading={lazy ? "lazy" : undefined} alt={alt} width={size} height={size} src={author.avatarUrl} />;
  }
  return (
    <span className="avatar avatar--initial" style={{ width: size, height: size }} role="img" aria-label={alt}>
      {author.displayName.slice(0, 1)}
    </span>
  );
}

export function AuthorLine({ author, time }: { author: AuthorView; time: TimeView }) {
  return (
    <div className="author-line">
      <SpaLink to={`/${author.username}`} className="author-line__name">
        {author.displayName}
      </SpaLink>
      {author.verified ? <VerifiedBadge /> : null}
      <time dateTime={time.iso} className="muted" suppressHydrationWarning>
        {timeLine(time)}
      </time>
    </div>
  );
}

/** On a post or comment hidden by reports, as its author and the moderators see it (docs/product.md §12). */
export function HiddenNotice() {
  return <p className="hidden-notice">Hidden while we review reports</p>;
}

/** Rich text blocks as paragraphs: rendered as text, never as raw HTML (docs/product.md §6). */
export function RichText({ blocks }: { blocks: TextBlock[] }) {
  return (
    <div className="rich-text">
      {blocks.map((block, i) =>
        block.text ? <p key={i}>{block.text}</p> : <p key={i} className="rich-text__blank" aria-hidden="true" />,
      )}
    </div>
  );
}
