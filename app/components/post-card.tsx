import { Link } from "@remix-run/react";
import { categoryLabel } from "~/utils/categories";
import type { AuthorView, MediaView, PostCardView, TextBlock, TimeView } from "~/types/views";
import { VerifiedBadge } from "./icons";
import { ListingDetails, ListingLine } from "./listing-info";
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
            srcSet={m.srcSet ?? undefined}
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

/** A post in a feed; `detail` on its own page (pickup spot, Edited). */
export function PostCard({ post, detail = false }: { post: PostCardView & { saved: boolean }; detail?: boolean }) {
  return (
    <article className="card post-card" id={`post-${post.id}`} aria-labelledby={`post-${post.id}-author`} data-testid="post-card">
      <header className="post-card__header" id={`post-${post.id}-author`}>
        <Avatar author={post.author} />
        <AuthorLine author={post.author} time={post.time} />
      </header>
      <Link to={`/post/${post.id}`} className="post-card__body">
        <RichText blocks={post.text} />
      </Link>
      <ListingLine post={post} />
      {detail ? <ListingDetails pickupSpot={post.pickupSpot} edited={post.edited} /> : null}
      {post.category ? <p className="chip">{categoryLabel(post.category) ?? post.category}</p> : null}
      <MediaGallery media={post.media} />
      <PostActions post={post} kind="post" />
    </article>
  );
}
