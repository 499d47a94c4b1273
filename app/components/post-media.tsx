// A post's, comment's and portfolio item's photos and videos: the full gallery and
// the feed's preview. Apart from post-parts.tsx, so pages that show only avatars
// (settings, messages, notifications, the profile editor) load none of it.
import { FEED_IMAGE_MAX_WIDTH, GALLERY_IMAGE_WIDTHS, MEDIA_DISPLAY_HEIGHT, thumbnailWidth } from "~/utils/image-sizes";
import type { MediaView } from "~/types/views";
import { SpaLink } from "./spa-link";
import { VideoPlayer, VideoPoster, VideoProcessing } from "./video";

/**
 * One photo or video; a photo offers the variants whose width passes `keep`
 * (all when none does), drawn at `sizes`, in a box of `box` (default: its own size).
 */
function MediaItem({ m, keep, sizes, box }: { m: MediaView; keep: (width: number) => boolean; sizes: string; box?: { width: number; height: number } }) {
  if (m.video) return <VideoPlayer m={m} video={m.video} />;
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
