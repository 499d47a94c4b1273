// A post's videos: the player on its page, the poster the feed and the
// profile's grid show instead (no video bytes), and the notice its author sees
// while it is being processed.
import { MEDIA_DISPLAY_HEIGHT } from "~/utils/image-sizes";
import type { MediaView, VideoView } from "~/types/views";

export const PROCESSING_VIDEO = "Processing video…";

/**
 * Where a video will be while it is processed (only its author gets it). On the
 * post's page "Refresh" loads the page again: a plain link, with or without JS.
 */
export function VideoProcessing({ refresh = false }: { refresh?: boolean }) {
  return (
    <div className="video-processing">
      <p>{PROCESSING_VIDEO}</p>
      {refresh ? <a href="">Refresh</a> : null}
    </div>
  );
}

/**
 * The player of the post's page: nothing loads before play but the poster, and
 * the width and height of the MP4 reserve its box. A video stored before posters
 * existed plays its file as uploaded, as it always did.
 */
export function VideoPlayer({ m, video }: { m: MediaView; video: VideoView }) {
  if (video.processing) return <VideoProcessing refresh />;
  return (
    <video
      className="video-player"
      src={video.poster ? undefined : m.src}
      controls
      preload="none"
      playsInline
      poster={video.poster ?? undefined}
      width={m.width ?? undefined}
      height={m.height ?? undefined}
    >
      {video.poster ? <source src={m.src} type={video.type} /> : null}
    </video>
  );
}

/** A video in the feed: its poster drawn `width` × MEDIA_DISPLAY_HEIGHT (1x and 2x) with a play mark and its length. */
export function VideoPoster({ video, thumbnail, width }: { video: VideoView; thumbnail: { src: string; srcSet: string }; width: number }) {
  return (
    <>
      <img loading="lazy" decoding="async" width={width} height={MEDIA_DISPLAY_HEIGHT} alt="" srcSet={thumbnail.srcSet} src={thumbnail.src} />
      <span className="play-mark" aria-hidden="true" />
      <span className="visually-hidden">{"Video "}</span>
      {video.duration ? <span className="video-duration">{video.duration}</span> : null}
    </>
  );
}
