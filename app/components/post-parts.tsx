// The pieces a post, a comment and a portfolio item share: the author, the
// text, the media. Apart from PostCard, so pages that show only comments or
// avatars (projects, games, search, notifications) load no feed card.
import { Link } from "@remix-run/react";
import { FEED_IMAGE_MAX_WIDTH, GALLERY_IMAGE_WIDTHS, MEDIA_DISPLAY_HEIGHT, thumbnailWidth } from "~/utils/image-sizes";
import type { AuthorView, MediaView, TextBlock, TimeView } from "~/types/views";
import { VerifiedBadge } from "./icons";

/**
 * A round profile photo, or the first letter of the name when there is none;
 * either way a screen reader hears "{name}'s profile photo" (docs/product.md §17). The
 * one avatar of every page: cards, comments, messages, search, the profile
 * and its photo form.
 */
export function Avatar({ author, size = 40, lazy = true }: { author: Pick<AuthorView, "displayName" | "avatarUrl">; size?: number; lazy?: boolean }) {
  const alt = `${author.displayName}'s profile photo`;
  if (author.avatarUrl) {
    return <img className="avatar" src={author.avatarUrl} alt={alt} width={size} height={size} loading={lazy ? "lazy" : undefined} />;
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
      <Link to={`/${author.username}`} className="author-line__name">
        {author.displayName}
      </Link>
      {author.verified ? <VerifiedBadge /> : null}
      <time dateTime={time.iso} className="muted" suppressHydrationWarning>
        {time.ago} · {time.clock} · {time.date}
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

/**
 * One photo or video; a photo offers the variants whose width passes `keep`
 * (all when none does), drawn at `sizes`, in a box of `box` (default: its own size).
 */
function MediaItem({ m, keep, sizes, box }: { m: MediaView; keep: (width: number) => boolean; sizes: string; box?: { width: number; height: number } }) {
  if (m.kind === "video") return <video src={m.src} controls preload="none" width={m.width ?? undefined} height={m.height ?? undefined} />;
  const kept = m.srcSet?.split(", ").filter((entry) => keep(Number.parseInt(entry.slice(entry.lastIndexOf(" ") + 1), 10)));
  return (
    <img
      src={m.src}
      srcSet={kept?.length ? kept.join(", ") : (m.srcSet ?? undefined)}
      sizes={sizes}
      width={box?.width ?? m.width ?? undefined}
      height={box?.height ?? m.height ?? undefined}
      alt={m.alt}
      loading="lazy"
      decoding="async"
    />
  );
}

/** Every photo and video of a post at full quality (the post's page, comments, projects and games). */
export function MediaGallery({ media, sizes = "(max-width: 640px) 100vw, 640px" }: { media: MediaView[]; sizes?: string }) {
  if (media.length === 0) return null;
  return (
    <div className={`gallery gallery--${Math.min(media.length, 4)}`}>
      {media.map((m, i) => (
        <MediaItem key={i} m={m} keep={(w) => w >= GALLERY_IMAGE_WIDTHS[0]!} sizes={sizes} />
      ))}
    </div>
  );
}

/**
 * A post's media in the feed: its first photo (or video) as a thumbnail
 * MEDIA_DISPLAY_HEIGHT px high, square at most (thumbnailWidth), and "+N" for the rest,
 * which its page shows (a photo links there). `sizes` names the width the
 * thumbnail is drawn at, so the browser takes the variant stored at exactly
 * that width (twice it at 2x).
 */
export function MediaPreview({ media, postId }: { media: MediaView[]; postId: string }) {
  const first = media[0];
  if (!first) return null;
  const drawn = first.width && first.height ? thumbnailWidth(first.width, first.height) : FEED_IMAGE_MAX_WIDTH;
  const content = (
    <>
      <MediaItem
        m={first}
        keep={(w) => w <= FEED_IMAGE_MAX_WIDTH}
        sizes={`(max-width: ${drawn}px) 100vw, ${drawn}px`}
        box={first.kind === "image" ? { width: drawn, height: MEDIA_DISPLAY_HEIGHT } : undefined}
      />
      {media.length > 1 ? (
        <span className="media-preview__more">
          +{media.length - 1}
          <span className="visually-hidden"> more</span>
        </span>
      ) : null}
    </>
  );
  // A video's own controls cannot sit inside a link.
  return first.kind === "video" ? (
    <div className="media-preview media-preview--video">{content}</div>
  ) : (
    <Link to={`/post/${postId}`} className="media-preview">
      {content}
    </Link>
  );
}
