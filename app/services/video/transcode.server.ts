// Turns an uploaded video into one every phone and browser plays: H.264 (High,
// yuv420p) and AAC-LC stereo in an MP4 with the index first (`+faststart`), at most
// 1280 px on the long side and 30 fps, the rotation applied, the bitrate capped by
// the frame's size. A file that already is all that is only remuxed. Posters are
// WebP frames of the result. Metadata (a phone's GPS position among it) is dropped.
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { MEDIA_DISPLAY_HEIGHT, THUMBNAIL_WEBP, thumbnailWidth } from "~/utils/image-sizes";
import { MAX_VIDEO_SECONDS, VIDEO_MAX_FPS, VIDEO_MAX_LONG_SIDE, VIDEO_POSTER_LONG_SIDE, VIDEO_TOO_LONG } from "~/utils/video-rules";
import { FFMPEG_THREADS, moveInto, runTool, VideoError, withWorkspace } from "./ffmpeg.server";
import { copyIn, inputArgs, probeCopy, sniffContainer, UNREADABLE, type VideoInfo } from "./probe.server";

/** Video bits a second at 1280×720; other sizes get the same bits per pixel. */
const BITRATE_AT_720P = 1_500_000;
const PIXELS_720P = 1280 * 720;
/** Below this a small frame turns to mush whatever its size. */
const MIN_VIDEO_BITRATE = 200_000;
const AUDIO_BITRATE = 96_000;
/** A remuxed file's audio may be a little richer than what we encode (phones write 128 kbit/s). */
const MAX_COPIED_AUDIO_BITRATE = 160_000;
/** Phones stop a "3 minute" recording a few frames late. */
const DURATION_SLACK = 0.5;
const H264_PROFILES = new Set(["High", "Main", "Constrained Baseline"]);

/** The most video bits a second a frame of this size may take. */
export function videoBitrateCap(width: number, height: number): number {
  return Math.round(Math.max(MIN_VIDEO_BITRATE, (BITRATE_AT_720P * width * height) / PIXELS_720P));
}

/** The displayed size scaled to fit the long-side cap (never up), both even as H.264 needs. */
export function targetSize(displayWidth: number, displayHeight: number): { width: number; height: number } {
  const scale = Math.min(1, VIDEO_MAX_LONG_SIDE / Math.max(displayWidth, displayHeight));
  const even = (n: number) => Math.max(2, 2 * Math.round((n * scale) / 2));
  return { width: even(displayWidth), height: even(displayHeight) };
}

/** Already playable everywhere and within every cap: copying the streams is enough. */
export function isRemuxable(info: VideoInfo): boolean {
  const audioOk =
    info.audioCodec === null ||
    (info.audioCodec === "aac" &&
      info.audioProfile === "LC" &&
      (info.audioChannels ?? 0) <= 2 &&
      (info.audioBitrate ?? 0) <= MAX_COPIED_AUDIO_BITRATE);
  return (
    info.mime === "video/mp4" &&
    info.videoCodec === "h264" &&
    H264_PROFILES.has(info.videoProfile ?? "") &&
    info.pixelFormat === "yuv420p" &&
    info.rotation === 0 &&
    info.displayWidth === info.width &&
    Math.max(info.width, info.height) <= VIDEO_MAX_LONG_SIDE &&
    info.width % 2 === 0 &&
    info.height % 2 === 0 &&
    info.fps > 0 &&
    info.fps <= VIDEO_MAX_FPS + 0.01 &&
    info.videoBitrate !== null &&
    info.videoBitrate <= videoBitrateCap(info.width, info.height) * 1.1 &&
    audioOk
  );
}

export type TranscodedVideo = {
  path: string;
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
  /** True when the streams were copied (only the container rewritten with the index first). */
  remuxed: boolean;
};

export type TranscodeOptions = {
  /** Wall-clock limit for ffmpeg; by default 2 minutes plus 4 seconds per second of video. */
  timeoutMs?: number;
  /** Tests: the id of each ffmpeg process started. */
  onSpawn?: (pid: number) => void;
};

function encodeArgs(info: VideoInfo): string[] {
  const { width, height } = targetSize(info.displayWidth, info.displayHeight);
  const cap = videoBitrateCap(width, height);
  // ffmpeg turns the picture by the rotation itself (autorotate) before these filters and
  // writes no rotation into the output, so width and height here are the displayed ones.
  const filters = [`scale=${width}:${height}:flags=bicubic`, "setsar=1"];
  if (info.fps > VIDEO_MAX_FPS + 0.01) filters.push(`fps=${VIDEO_MAX_FPS}`);
  filters.push("format=yuv420p");
  const audio =
    info.audioIndex === null
      ? ["-an"]
      : [
          "-map",
          `0:${info.audioIndex}`,
          "-c:a",
          "aac",
          "-profile:a",
          "aac_low",
          "-b:a",
          String(AUDIO_BITRATE),
          "-ac",
          "2",
          "-ar",
          info.audioSampleRate === 44_100 ? "44100" : "48000",
        ];
  return [
    "-map",
    `0:${info.videoIndex}`,
    ...audio,
    "-vf",
    filters.join(","),
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-profile:v",
    "high",
    "-crf",
    "23",
    "-maxrate",
    String(cap),
    "-bufsize",
    String(2 * cap),
    "-threads",
    String(FFMPEG_THREADS),
  ];
}

function remuxArgs(info: VideoInfo): string[] {
  return ["-map", `0:${info.videoIndex}`, ...(info.audioIndex === null ? [] : ["-map", `0:${info.audioIndex}`]), "-c", "copy"];
}

/**
 * Transcodes (or remuxes) `input` into `outDir/video.mp4` and tells its displayed
 * width, height and duration. Throws a VideoError when the file is not a video we
 * read, is damaged, is longer than 3 minutes (VIDEO_TOO_LONG) or ffmpeg fails or
 * runs out of time; nothing is left in `outDir` then.
 */
export async function transcode(input: string, outDir: string, options: TranscodeOptions = {}): Promise<TranscodedVideo> {
  const { container, mime } = await sniffContainer(input);
  return withWorkspace(async (dir) => {
    const copy = await copyIn(input, dir);
    const info = await probeCopy(copy, container, mime);
    if (info.duration > MAX_VIDEO_SECONDS + DURATION_SLACK) throw new VideoError("too-long", VIDEO_TOO_LONG);
    const remuxed = isRemuxable(info);
    const output = path.join(dir, "video.mp4");
    await runTool(
      "ffmpeg",
      [
        "-filter_threads",
        String(FFMPEG_THREADS),
        ...inputArgs(container, copy),
        ...(remuxed ? remuxArgs(info) : encodeArgs(info)),
        "-sn",
        "-dn",
        "-map_metadata",
        "-1",
        "-map_chapters",
        "-1",
        "-movflags",
        "+faststart",
        "-f",
        "mp4",
        `file:${output}`,
      ],
      { timeoutMs: options.timeoutMs ?? 120_000 + 4_000 * Math.ceil(info.duration), cwd: dir, onSpawn: options.onSpawn },
    ).catch((error: unknown) => {
      // A file ffprobe could read but ffmpeg cannot decode is damaged.
      if (error instanceof VideoError && error.reason === "failed") throw new VideoError("unreadable", UNREADABLE, error.detail);
      throw error;
    });
    const result = await probeCopy(output, "mov", "video/mp4");
    // ffmpeg skips what it cannot decode and may still exit with 0: much shorter means damaged.
    if (result.duration < info.duration * 0.9 - DURATION_SLACK) {
      throw new VideoError("unreadable", UNREADABLE, `${result.duration}s of ${info.duration}s decoded`);
    }
    await fs.mkdir(outDir, { recursive: true });
    const target = path.join(outDir, "video.mp4");
    await moveInto(output, target);
    return { path: target, width: result.displayWidth, height: result.displayHeight, duration: result.duration, remuxed };
  });
}

export type VideoPoster = { path: string; width: number; height: number };
export type VideoPosters = {
  /** The feed thumbnail's size: MEDIA_DISPLAY_HEIGHT high, a wide frame cropped to a square, and twice that. */
  thumbnail: VideoPoster;
  thumbnail2x: VideoPoster;
  /** VIDEO_POSTER_LONG_SIDE px on the long side (the post page's player). */
  large: VideoPoster;
};

/** The post page's player poster (the thumbnails use the photos' THUMBNAIL_WEBP). */
const POSTER_WEBP = { quality: 70, effort: 5, smartSubsample: true } as const;

/**
 * WebP posters of a video (one `transcode` made: its pixels are upright) from about
 * 1 s in, or its first frame when it is shorter than 2 s, written into `outDir` as
 * `poster-{width}x{height}.webp`.
 */
export async function posters(video: string, outDir: string, options: TranscodeOptions = {}): Promise<VideoPosters> {
  const { container, mime } = await sniffContainer(video);
  return withWorkspace(async (dir) => {
    const copy = await copyIn(video, dir);
    const info = await probeCopy(copy, container, mime);
    const frame = path.join(dir, "frame.png");
    const grab = (at: number) =>
      runTool(
        "ffmpeg",
        [
          "-ss",
          String(at),
          ...inputArgs(container, copy),
          "-map",
          `0:${info.videoIndex}`,
          "-frames:v",
          "1",
          "-map_metadata",
          "-1",
          "-f",
          "image2",
          "-c:v",
          "png",
          `file:${frame}`,
        ],
        { timeoutMs: options.timeoutMs ?? 60_000, cwd: dir, onSpawn: options.onSpawn },
      );
    await grab(info.duration >= 2 ? 1 : 0);
    // Seeking can land past the last frame of a clip with a long audio tail: take the first frame then.
    if (!(await exists(frame))) await grab(0);
    if (!(await exists(frame))) throw new VideoError("unreadable", UNREADABLE, "no frame for the poster");

    const meta = await sharp(frame).metadata();
    const width = meta.width ?? info.displayWidth;
    const height = meta.height ?? info.displayHeight;
    const thumbWidth = thumbnailWidth(width, height);
    const thumbnail = (scale: number) =>
      sharp(frame)
        .resize({ width: scale * thumbWidth, height: scale * MEDIA_DISPLAY_HEIGHT, fit: "cover", position: sharp.strategy.attention, withoutEnlargement: true })
        .webp(THUMBNAIL_WEBP);
    const large = sharp(frame)
      .resize({ width: VIDEO_POSTER_LONG_SIDE, height: VIDEO_POSTER_LONG_SIDE, fit: "inside", withoutEnlargement: true })
      .webp(POSTER_WEBP);
    await fs.mkdir(outDir, { recursive: true });
    return {
      thumbnail: await writePoster(thumbnail(1), dir, outDir),
      thumbnail2x: await writePoster(thumbnail(2), dir, outDir),
      large: await writePoster(large, dir, outDir),
    };
  });
}

/** Encodes in the workspace, then moves the finished file out, so `outDir` never holds half a poster. */
async function writePoster(image: sharp.Sharp, dir: string, outDir: string): Promise<VideoPoster> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  // Named by size: two posters of a tiny clip (never enlarged) may be the same picture.
  const name = `poster-${info.width}x${info.height}.webp`;
  await fs.writeFile(path.join(dir, name), data);
  await moveInto(path.join(dir, name), path.join(outDir, name));
  return { path: path.join(outDir, name), width: info.width, height: info.height };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
