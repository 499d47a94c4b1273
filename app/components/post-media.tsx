// A post's, comment's and portfolio item's photos and videos: the full gallery,
// the listing page's swipeable gallery and the feed's preview. Apart from post-parts.tsx, so pages that show only avatars
// (settings, messages, notifications, the profile editor) load none of it.
import { FEED_IMAGE_MAX_WIDTH, GALLERY_IMAGE_WIDTHS, MEDIA_DISPLAY_HEIGHT, thumbnailWidth } from "~/utils/image-sizes";
import type { MediaView } from "~/types/views";
import { SpaLink } from "./spa-link";
import { VideoPlayer, VideoPoster, VideoProcessing } from "./video";

/**
 * One photo or video; a photo offers the variants whose width passes `keep`
 * (all when none does), drawn at `sizes`, in a box of `box` (default: its own size).
 */
function MediaItem({ m, keep, sizes, box, eager = false }: { m: MediaView; keep: (width: number) => boolean; sizes: string; box?: { width: number; height: number }; eager?: boolean }) {
  if (m.video) return <VideoPlayer m={m} video={m.video} />;
  return (
    // `loading` before the sources: React sets an element's attributes in this order when it creates
    // one in the browser (a card rendered there), and an image given its source first starts loading at once.
    <img
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      sizes={sizes}
      width={box?.width ?? m.width ?? undefined}
      height={box?.height ?? m.height ?? undefined}
      alt={m.alt}
      srcSet={srcSetWhere(m, keep) ?? m.srcSet ?? undefined}
      src={m.src}
    />
  );
}

/** The srcset of a photo's variants whose width passes `keep`; undefined when none does. */
export function srcSetWhere(m: MediaView, keep: (width: number) => boolean): string | undefined {
  const kept = variants(m).filter((v) => keep(v.width));
  return kept.length ? kept.map((v) => v.entry).join(", ") : undefined;
}

/** A photo's stored variants from its srcset ("url 640w"), narrowest first. */
function variants(m: MediaView): { entry: string; url: string; width: number }[] {
  return (m.srcSet?.split(", ") ?? []).map((entry) => {
    const space = entry.lastIndexOf(" ");
    return { entry, url: entry.slice(0, space), width: Number.parseInt(entry.slice(space + 1), 10) };
  });
}

/**
 * A listing's photos and videos on its own page: each whole, at its own
 * shape, side by side in a strip that snaps from one to the next (a swipe on
 * a phone, a scrollbar elsewhere: native scrolling, no script). Each photo is
 * a plain link to its largest variant, to see it at full size; the first
 * loads at once, since it is what the page opens on.
 */
export function PostGallery({ media }: { media: MediaView[] }) {
  if (media.length === 0) return null;
  return (
    <div className="post-gallery" role="group" aria-label={media.length > 1 ? `Photos and videos, ${media.length}: scroll sideways for more` : "Photo"}>
      <ul className="post-gallery__track">
        {media.map((m, i) => {
          const item = <MediaItem m={m} keep={(w) => w >= GALLERY_IMAGE_WIDTHS[0]!} sizes="(max-width: 640px) 100vw, 640px" eager={i === 0} />;
          const full = variants(m).pop()?.url ?? m.src;
          return (
            <li key={i} className="post-gallery__slide" data-testid="gallery-item">
              {m.video ? (
                item
              ) : (
                <a href={full} className="post-gallery__full">
                  {item}
                  <span className="visually-hidden"> (full size)</span>
                </a>
              )}
              {media.length > 1 ? (
                <span className="post-gallery__count" aria-hidden="true">
                  {i + 1} / {media.length}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
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
  const { video } = first;
  // To its author, where the video will be; everyone else never gets it before it is ready.
  if (video?.processing) return <VideoProcessing />;
  // A video is only its poster here (no video bytes; it plays on the post's page).
  const poster = video?.thumbnail;
  const drawn = first.width && first.height ? thumbnailWidth(first.width, first.height) : poster ? MEDIA_DISPLAY_HEIGHT : FEED_IMAGE_MAX_WIDTH;
  const content = (
    <>
      {video && poster ? (
        <VideoPoster video={video} thumbnail={poster} width={drawn} />
      ) : (
        <MediaItem
          m={first}
          keep={(w) => w <= FEED_IMAGE_MAX_WIDTH}
          sizes={`(max-width: ${drawn}px) 100vw, ${drawn}px`}
          box={first.kind === "image" ? { width: drawn, height: MEDIA_DISPLAY_HEIGHT } : undefined}
        />
      )}
      {media.length > 1 ? (
        <span className="media-preview__more">
          +{media.length - 1}
          <span className="visually-hidden"> more</span>
        </span>
      ) : null}
    </>
  );
  // A video stored before posters existed keeps its own controls, which cannot sit inside a link.
  return video && !poster ? (
    <div className="media-preview media-preview--video">{content}</div>
  ) : (
    <SpaLink to={`/post/${postId}`} className="media-preview">
      {content}
    </SpaLink>
  );
}
