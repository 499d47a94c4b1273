import { Link } from "@remix-run/react";
import { categoryLabel } from "~/utils/categories";
import { FEED_IMAGE_MAX_WIDTH, GALLERY_IMAGE_WIDTHS, thumbnailWidth } from "~/utils/media-rules";
import type { AuthorView, MediaView, PostCardView, TextBlock, TimeView } from "~/types/views";
import { VerifiedBadge } from "./icons";
import { PostActions } from "./post-actions";

export function Avatar({ author, size = 40 }: { author: AuthorView; size?: number }) {
  if (author.avatarUrl) {
    return <img className="avatar" src={author.avatarUrl} alt="" width={size} height={size} loading="lazy" />;
  }
  return (
    <span className="avatar avatar--initial" style={{ width: size, height: size }} aria-hidden="true">
      {author.firstName.slice(0, 1)}
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

/** Rich text blocks as paragraphs: rendered as text, never as raw HTML (design B). */
export function RichText({ blocks }: { blocks: TextBlock[] }) {
  return (
    <div className="rich-text">
      {blocks.map((block, i) =>
        block.text ? <p key={i}>{block.text}</p> : <p key={i} className="rich-text__blank" aria-hidden="true" />,
      )}
    </div>
  );
}

/** The variants of a srcset ("url 320w, url 640w") whose width passes `keep`; all of them when none does. */
function variantsWhere(srcSet: string | null, keep: (width: number) => boolean): string | undefined {
  if (!srcSet) return undefined;
  const kept = srcSet.split(", ").filter((entry) => keep(Number.parseInt(entry.slice(entry.lastIndexOf(" ") + 1), 10)));
  return kept.length ? kept.join(", ") : srcSet;
}

/** Every photo and video of a post at full quality (the post's page, comments, projects and games). */
export function MediaGallery({ media, sizes = "(max-width: 640px) 100vw, 640px" }: { media: MediaView[]; sizes?: string }) {
  if (media.length === 0) return null;
  return (
    <div className={`gallery gallery--${Math.min(media.length, 4)}`}>
      {media.map((m, i) =>
        m.kind === "video" ? (
          <video key={i} src={m.src} controls preload="none" width={m.width ?? undefined} height={m.height ?? undefined} />
        ) : (
          <img
            key={i}
            src={m.src}
            srcSet={variantsWhere(m.srcSet, (w) => w >= GALLERY_IMAGE_WIDTHS[0]!)}
            sizes={sizes}
            width={m.width ?? undefined}
            height={m.height ?? undefined}
            alt={m.name}
            loading="lazy"
            decoding="async"
          />
        ),
      )}
    </div>
  );
}

/**
 * A post's media in the feed: its first photo (or video) as a thumbnail
 * MEDIA_DISPLAY_HEIGHT px high at its own aspect ratio, and "+N" for the rest,
 * which its page shows. `sizes` names the width the thumbnail is drawn at, so
 * the browser takes the variant stored at exactly that width (twice it at 2x).
 */
export function MediaPreview({ media, postId }: { media: MediaView[]; postId: string }) {
  const first = media[0];
  if (!first) return null;
  const more =
    media.length > 1 ? (
      <span className="media-preview__more">
        +{media.length - 1}
        <span className="visually-hidden"> more</span>
      </span>
    ) : null;
  if (first.kind === "video") {
    return (
      <div className="media-preview media-preview--video">
        <video src={first.src} controls preload="none" width={first.width ?? undefined} height={first.height ?? undefined} />
        {more ? <Link to={`/post/${postId}`}>{more}</Link> : null}
      </div>
    );
  }
  const drawnWidth = first.width && first.height ? thumbnailWidth(first.width, first.height) : FEED_IMAGE_MAX_WIDTH;
  return (
    <Link to={`/post/${postId}`} className="media-preview">
      <img
        src={first.src}
        srcSet={variantsWhere(first.srcSet, (w) => w <= FEED_IMAGE_MAX_WIDTH)}
        sizes={`(max-width: ${drawnWidth}px) 100vw, ${drawnWidth}px`}
        width={first.width ?? undefined}
        height={first.height ?? undefined}
        alt={first.name}
        loading="lazy"
        decoding="async"
      />
      {more}
    </Link>
  );
}

/** A post as the feed shows it; `gallery` shows every photo at full quality (the post's own page). */
export function PostCard({ post, gallery = false }: { post: PostCardView & { saved: boolean }; gallery?: boolean }) {
  return (
    <article className="card post-card" id={`post-${post.id}`} aria-labelledby={`post-${post.id}-author`} data-testid="post-card">
      <header className="post-card__header" id={`post-${post.id}-author`}>
        <Avatar author={post.author} />
        <AuthorLine author={post.author} time={post.time} />
      </header>
      <Link to={`/post/${post.id}`} className="post-card__body">
        <RichText blocks={post.text} />
      </Link>
      {post.category ? <p className="chip">{categoryLabel(post.category) ?? post.category}</p> : null}
      {gallery ? <MediaGallery media={post.media} /> : <MediaPreview media={post.media} postId={post.id} />}
      <PostActions post={post} kind="post" />
    </article>
  );
}
