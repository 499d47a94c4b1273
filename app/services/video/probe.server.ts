// What a video file holds, from ffprobe's JSON: its size, length, frame rate,
// rotation and codecs. The container is decided by the file's first bytes, never
// by its name, and handed to ffprobe and ffmpeg as `-f`.
import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { runTool, VideoError, withWorkspace } from "./ffmpeg.server";

export type VideoInfo = {
  /** The demuxer the file was read with ("mov" for MP4 and QuickTime, "avi"). */
  container: "mov" | "avi";
  /** What the first bytes say the file is (video/mp4, video/quicktime, video/x-msvideo…). */
  mime: string;
  /** Coded size, before rotation. */
  width: number;
  height: number;
  /** Size as shown: non-square pixels made square, then width and height swapped when the rotation is a quarter turn. */
  displayWidth: number;
  displayHeight: number;
  /** Seconds. */
  duration: number;
  fps: number;
  /** Degrees the player turns the picture (0, 90, 180 or 270). */
  rotation: number;
  videoCodec: string;
  videoProfile: string | null;
  pixelFormat: string | null;
  /** Bits a second of the video stream, when the file says or it can be worked out. */
  videoBitrate: number | null;
  audioCodec: string | null;
  audioProfile: string | null;
  audioChannels: number | null;
  audioSampleRate: number | null;
  audioBitrate: number | null;
  /** Stream indexes, for `-map`. */
  videoIndex: number;
  audioIndex: number | null;
};

/** First bytes' type → the one demuxer allowed to read it. */
const DEMUXERS = new Map<string, VideoInfo["container"]>([
  ["video/mp4", "mov"],
  ["video/quicktime", "mov"],
  ["video/x-m4v", "mov"],
  ["video/x-msvideo", "avi"],
  ["video/vnd.avi", "avi"],
]);

/** What the author is told about a file ffprobe or ffmpeg cannot read. */
export const UNREADABLE = "The file is damaged or is not a video we can read.";

/** Decides the demuxer from the first bytes of a file; refuses what is not MP4, QuickTime or AVI. */
export async function sniffContainer(file: string): Promise<{ container: VideoInfo["container"]; mime: string }> {
  const handle = await fs.open(file, "r");
  try {
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const type = await fileTypeFromBuffer(head.subarray(0, bytesRead));
    const container = type ? DEMUXERS.get(type.mime) : undefined;
    if (!type || !container) throw new VideoError("unsupported", "Only MP4, MOV and AVI videos can be uploaded.", type?.mime ?? "unknown");
    return { container, mime: type.mime };
  } finally {
    await handle.close();
  }
}

/** A copy of `file` in `dir` under a fixed name (a clone where the file system can). */
export async function copyIn(file: string, dir: string): Promise<string> {
  const copy = path.join(dir, "input");
  await fs.copyFile(file, copy, fsConstants.COPYFILE_FICLONE);
  return copy;
}

/** Input options every ffprobe and ffmpeg run is given: local files only, the sniffed container. */
export function inputArgs(container: VideoInfo["container"], file: string): string[] {
  return ["-protocol_whitelist", "file", "-f", container, "-i", `file:${file}`];
}

type ProbeStream = {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  bit_rate?: string;
  channels?: number;
  sample_rate?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { side_data_type?: string; rotation?: number }[];
};
type ProbeOutput = { streams?: ProbeStream[]; format?: { duration?: string; bit_rate?: string } };

/** "30000/1001" (a frame rate) or "8:9" (a pixel's shape) as a number; 0 when missing or meaningless. */
function rate(value: string | undefined): number {
  if (!value) return 0;
  const [num = 0, den = 1] = value.split(/[/:]/).map(Number);
  const fps = num / den;
  return Number.isFinite(fps) && fps > 0 ? fps : 0;
}

function positive(value: string | number | undefined): number | null {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** The quarter turns a player applies: the display matrix, or the older `rotate` tag. */
function rotationOf(stream: ProbeStream): number {
  const matrix = stream.side_data_list?.find((d) => d.side_data_type === "Display Matrix");
  const degrees = matrix?.rotation ?? Number(stream.tags?.rotate ?? 0);
  if (!Number.isFinite(degrees)) return 0;
  return ((Math.round(degrees / 90) * 90) % 360 + 360) % 360;
}

/** Reads ffprobe's JSON for a file already in a workspace. */
export async function probeCopy(copy: string, container: VideoInfo["container"], mime: string): Promise<VideoInfo> {
  let parsed: ProbeOutput;
  try {
    const { stdout } = await runTool(
      "ffprobe",
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", ...inputArgs(container, copy)],
      { timeoutMs: 30_000 },
    );
    parsed = JSON.parse(stdout) as ProbeOutput;
  } catch (error) {
    if (error instanceof VideoError && error.reason === "failed") throw new VideoError("unreadable", UNREADABLE, error.detail);
    throw error;
  }
  const streams = parsed.streams ?? [];
  // Cover art in a file is a "video" stream of one picture: not the video.
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic && s.width && s.height);
  if (!video || video.index === undefined || !video.codec_name) throw new VideoError("no-video", "The file has no video in it.");
  const audio = streams.find((s) => s.codec_type === "audio" && s.codec_name);
  const duration = positive(parsed.format?.duration) ?? positive(video.duration);
  if (!duration) throw new VideoError("unreadable", UNREADABLE, "no duration");
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  const rotation = rotationOf(video);
  const quarter = rotation === 90 || rotation === 270;
  // DV and some camcorders store wide frames in narrow pixels (720×480 shown as 854×480).
  const shownWidth = Math.round(width * (rate(video.sample_aspect_ratio) || 1));
  const total = positive(parsed.format?.bit_rate);
  const audioBitrate = audio ? positive(audio.bit_rate) : null;
  return {
    container,
    mime,
    width,
    height,
    displayWidth: quarter ? height : shownWidth,
    displayHeight: quarter ? shownWidth : height,
    duration,
    fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
    rotation,
    videoCodec: video.codec_name,
    videoProfile: video.profile ?? null,
    pixelFormat: video.pix_fmt ?? null,
    // AVI and some MOVs carry no per-stream rate: the file's, less the audio's.
    videoBitrate: positive(video.bit_rate) ?? (total ? Math.max(0, total - (audioBitrate ?? 0)) : null),
    audioCodec: audio?.codec_name ?? null,
    audioProfile: audio?.profile ?? null,
    audioChannels: audio?.channels ?? null,
    audioSampleRate: audio ? positive(audio.sample_rate) : null,
    audioBitrate,
    videoIndex: video.index,
    audioIndex: audio?.index ?? null,
  };
}

/**
 * Width, height, duration, frame rate, rotation, codecs, pixel format and container
 * of a video file. Throws a VideoError for a file that is not MP4, QuickTime or
 * AVI, cannot be read, or has no video stream.
 */
export async function probe(file: string): Promise<VideoInfo> {
  const { container, mime } = await sniffContainer(file);
  return withWorkspace(async (dir) => probeCopy(await copyIn(file, dir), container, mime));
}
