// A post's videos: the player on its page, the poster card in the feed and the
// profile's grid, and the notice its author sees while it is being processed.
// The feed loads no video bytes: its card is a poster linking to the post.
import { Link, useLocation } from "@remix-run/react";
import { MEDIA_DISPLAY_HEIGHT, thumbnailWidth } from "~/utils/image-sizes";
import type { MediaView, VideoView } from "~/types/views";

export type VideoMedia = MediaView & { video: VideoView };

export const PROCESSING_VIDEO = "Processing video…";

/**
 * Where a video will be while it is processed (only its author gets it). On the
 * post's page a plain link loads the page again, so it also works without JS.
 */
export function VideoProcessing({ refresh = false }: { refresh?: boolean }) {
  const location = useLocation();
  return (
    <div className="video-processing" data-testid="video-processing">
      <p>{PROCESSING_VIDEO}</p>
      {refresh ? (
        <Link to={`${location.pathname}${location.search}`} replace preventScrollReset>
          Refresh
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The player of the post's page: nothing loads before play but the poster, and
 * the width and height of the MP4 reserve its box. A video stored before posters
 * existed plays its file as uploaded.
 */
export function VideoPlayer({ m }: { m: VideoMedia }) {
  const { video } = m;
  if (video.processing) return <VideoProcessing refresh />;
  const size = { width: m.width ?? undefined, height: m.height ?? undefined };
  if (!video.poster) return <video className="video-player" src={m.src} controls preload="none" playsInline {...size} />;
  return (
    <video className="video-player" controls preload="none" playsInline poster={video.poster} {...size}>
      <source src={m.src} type={video.type} />
    </video>
  );
}

/**
 * A video in the feed: its poster at the thumbnail's size (1x and 2x) with a play
 * mark and its length, linking to the post, where it plays; `more` counts the
 * post's other photos and videos ("+N").
 */
export function VideoPosterCard({ m, thumbnail, postId, more }: { m: VideoMedia; thumbnail: { src: string; srcSet: string }; postId: string; more: number }) {
  const drawn = m.width && m.height ? thumbnailWidth(m.width, m.height) : MEDIA_DISPLAY_HEIGHT;
  return (
    <Link to={`/post/${postId}`} className="media-preview media-preview--poster" data-testid="video-poster">
      <img src={thumbnail.src} srcSet={thumbnail.srcSet} width={drawn} height={MEDIA_DISPLAY_HEIGHT} alt="" loading="lazy" decoding="async" />
      <span className="play-mark" aria-hidden="true" />
      <span className="visually-hidden">{"Video "}</span>
      {m.video.duration ? <span className="video-duration">{m.video.duration}</span> : null}
      {more > 0 ? (
        <span className="media-preview__more">
          +{more}
          <span className="visually-hidden"> more</span>
        </span>
      ) : null}
    </Link>
  );
}

export function isVideo(m: MediaView): m is VideoMedia {
  return m.kind === "video" && m.video !== null;
}
