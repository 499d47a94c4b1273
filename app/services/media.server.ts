// Upload processing (docs/product.md §17): the content decides what a file is, not its
// name; images are re-encoded (orientation applied, metadata such as GPS
// dropped) to WebP at a few widths; videos are probed (length, readable) and
// stored as uploaded, to be transcoded in the background (app/flows/video-processing.server.ts).
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { FEED_IMAGE_MAX_WIDTH, GALLERY_IMAGE_WIDTHS, MEDIA_DISPLAY_HEIGHT, THUMBNAIL_WEBP, thumbnailWidth } from "~/utils/image-sizes";
import {
  AVATAR_SIZES,
  isProfilePhotoName,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  NOT_MEDIA,
  NOT_PHOTO,
  TOO_LARGE,
} from "~/utils/media-rules";
import { cleanFieldText } from "~/utils/form";
import { MAX_VIDEO_SECONDS, VIDEO_TOO_LONG, VIDEOS_UNAVAILABLE } from "~/utils/video-rules";
import { newId } from "./db.server";
import { uploadedPath } from "./form.server";
import { getStorage } from "./storage.server";
import { ffmpegLookup, VideoError, withWorkspace } from "./video/ffmpeg.server";
import { probe, UNREADABLE } from "./video/probe.server";

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);
const VIDEO_TYPES = new Map([
  ["video/mp4", "mp4"],
  ["video/quicktime", "mov"],
  ["video/x-msvideo", "avi"],
  ["video/vnd.avi", "avi"],
  ["video/x-m4v", "mp4"],
]);

export class MediaError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export type StoredMedia = {
  kind: "image" | "video";
  path: string;
  name: string;
  order: number;
  width: number | null;
  height: number | null;
  variants: number[] | null;
  mimeType: string;
  size: number;
  /** A video is "processing" from its upload until its MP4 and posters are stored. */
  status?: "ready" | "processing";
  /** A processed video's posters, `{posterPath}-{width}.webp` for each width. */
  posterPath?: string | null;
  posterVariants?: number[] | null;
};

/** What a file really is, from its first bytes. */
export async function sniff(file: Blob): Promise<{ mime: string; ext: string } | undefined> {
  const head = new Uint8Array(await file.slice(0, 4100).arrayBuffer());
  return fileTypeFromBuffer(head);
}

/** The storage keys of a video's posters. */
export function posterKeys(m: Pick<StoredMedia, "posterPath" | "posterVariants">): string[] {
  return m.posterPath ? (m.posterVariants ?? []).map((w) => `${m.posterPath}-${w}.webp`) : [];
}

/** Storage keys a media row owns (for deletion): a photo's variants; a video's file (the original until processed, then the MP4) and posters. */
export function mediaKeys(m: Pick<StoredMedia, "kind" | "path" | "variants" | "posterPath" | "posterVariants">): string[] {
  return m.kind === "image" ? (m.variants ?? []).map((w) => `${m.path}-${w}.webp`) : [m.path, ...posterKeys(m)];
}

/** Whether this process takes videos: it found ffmpeg and ffprobe at start. */
export async function videosAccepted(): Promise<boolean> {
  return (await ffmpegLookup()).tools !== null;
}

/**
 * Refuses a video before anything is stored: no ffmpeg here, not a video
 * ffprobe reads, or longer than 3 minutes. Probed where the upload lies on
 * disk (a File made in memory is written to a workspace first).
 */
async function checkVideo(file: File): Promise<void> {
  if (!(await videosAccepted())) throw new MediaError(VIDEOS_UNAVAILABLE, 503);
  const onDisk = uploadedPath(file);
  try {
    const info = onDisk
      ? await probe(onDisk)
      : await withWorkspace(async (dir) => {
          const copy = path.join(dir, "upload");
          await pipeline(Readable.fromWeb(file.stream() as WebReadableStream), await fs.open(copy, "w").then((h) => h.createWriteStream()));
          return probe(copy);
        });
    // A phone stops a "3 minute" recording a few frames late: the transcoder allows the same half second.
    if (info.duration > MAX_VIDEO_SECONDS + 0.5) throw new MediaError(VIDEO_TOO_LONG);
  } catch (error) {
    if (error instanceof MediaError) throw error;
    if (error instanceof VideoError) {
      if (error.reason === "unavailable") throw new MediaError(VIDEOS_UNAVAILABLE, 503);
      if (error.reason === "unsupported") throw new MediaError(NOT_MEDIA);
      // A probe that runs out of time is a file it cannot make sense of.
      throw new MediaError(error.reason === "timeout" || error.reason === "failed" ? UNREADABLE : error.message);
    }
    throw error;
  }
}

/** A display name for an uploaded file: its base name, without control characters. */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return cleanFieldText(base).replace(/[\t\n\r]/g, "").slice(0, 200) || "upload";
}

/** The post page's variants keep a higher quality than the feed's thumbnails (THUMBNAIL_WEBP). */
const GALLERY_WEBP = { quality: 78, effort: 4 } as const;

/** What the uploader sees when the store (disk or bucket) fails: not their file's fault, so try again. */
export const STORE_FAILED = "Something went wrong.";

/**
 * Stores under `key` and notes it in `written`, so a failure later in the
 * upload can remove it. A store that fails is a 503 (the draft comes back).
 */
async function putTracked(written: string[], key: string, data: Buffer | Readable) {
  try {
    await getStorage().put(key, data);
  } catch (error) {
    console.error(`Could not store ${key}: ${String(error)}`);
    throw new MediaError(STORE_FAILED, 503);
  }
  written.push(key);
}

async function storeImage(file: Blob, key: string, animated: boolean, written: string[]) {
  const input = Buffer.from(await file.arrayBuffer());
  const meta = await sharp(input, { animated, limitInputPixels: 60_000_000 }).metadata();
  const rawWidth = meta.width ?? 0;
  const rawHeight = meta.pageHeight ?? meta.height ?? 0;
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? rawHeight : rawWidth;
  const height = turned ? rawWidth : rawHeight;
  if (!width || !height) throw new MediaError(NOT_MEDIA);
  const largest = Math.min(width, GALLERY_IMAGE_WIDTHS[GALLERY_IMAGE_WIDTHS.length - 1]!);
  // The feed's thumbnail at 1x and 2x, then the post page's widths; none wider than the photo.
  const thumbnail = thumbnailWidth(width, height);
  const feedWidths = [thumbnail, 2 * thumbnail].filter((w) => w < FEED_IMAGE_MAX_WIDTH);
  const widths = [...new Set([...feedWidths, ...GALLERY_IMAGE_WIDTHS].map((w) => Math.min(w, largest)))].sort((a, b) => a - b);
  for (const w of widths) {
    // A feed thumbnail is MEDIA_DISPLAY_HEIGHT high (twice it at 2x): a wide photo is cropped around what draws the eye.
    const thumbnailHeight = feedWidths.includes(w) ? Math.min(height, Math.round((w * MEDIA_DISPLAY_HEIGHT) / thumbnail)) : undefined;
    const out = await sharp(input, { animated, limitInputPixels: 60_000_000 })
      .rotate()
      .resize(
        thumbnailHeight
          ? { width: w, height: thumbnailHeight, fit: "cover", position: sharp.strategy.attention, withoutEnlargement: true }
          : { width: w, withoutEnlargement: true },
      )
      .webp(w < FEED_IMAGE_MAX_WIDTH && w !== largest ? THUMBNAIL_WEBP : GALLERY_WEBP)
      .toBuffer();
    await putTracked(written, `${key}-${w}.webp`, out);
  }
  return { width, height, variants: widths };
}

/**
 * Checks and stores the files of one post, in order (img_order from 1). On any
 * failure — a file refused, sharp unable to decode one, the store failing —
 * every object already written for this upload is removed (a write that failed
 * midway leaves nothing itself, see Storage.put) and a MediaError says why.
 */
export async function storeMedia(prefix: string, files: File[]): Promise<StoredMedia[]> {
  const stored: StoredMedia[] = [];
  const written: string[] = [];
  try {
    for (const [i, file] of files.entries()) {
      const order = i + 1;
      const type = await sniff(file);
      const key = `${prefix}/${order}`;
      if (type && IMAGE_TYPES.has(type.mime)) {
        if (file.size > MAX_IMAGE_BYTES) throw new MediaError(TOO_LARGE, 413);
        const image = await storeImage(file, key, type.mime === "image/gif", written);
        stored.push({ kind: "image", path: key, name: displayName(file.name), order, mimeType: "image/webp", size: file.size, ...image });
      } else if (type && VIDEO_TYPES.has(type.mime)) {
        if (file.size > MAX_VIDEO_BYTES) throw new MediaError(TOO_LARGE, 413);
        await checkVideo(file);
        const original = `${key}.${VIDEO_TYPES.get(type.mime)}`;
        await putTracked(written, original, Readable.fromWeb(file.stream() as WebReadableStream));
        stored.push({
          kind: "video",
          path: original,
          name: displayName(file.name),
          order,
          mimeType: type.mime,
          size: file.size,
          width: null,
          height: null,
          variants: null,
          status: "processing",
        });
      } else {
        throw new MediaError(NOT_MEDIA);
      }
    }
  } catch (error) {
    await getStorage()
      .remove(written)
      .catch((removeError: unknown) => console.error(`Could not remove ${written.length} file(s) of a failed upload under ${prefix}: ${String(removeError)}`));
    if (error instanceof MediaError) throw error;
    // sharp could not decode it: not an image after all.
    throw new MediaError(NOT_MEDIA);
  }
  return stored;
}

export async function removeMedia(media: Pick<StoredMedia, "kind" | "path" | "variants" | "posterPath" | "posterVariants">[]) {
  await getStorage().remove(media.flatMap(mediaKeys));
}

// ---------------------------------------------------------------------------
// Profile photos (docs/product.md §5): jpeg, jpg, png or gif by name AND by content, re-encoded
// to square WebP avatars (cover crop) at AVATAR_SIZES. Each upload gets a new
// key, since /media serves files as immutable for a year.

const AVATAR_TYPES = new Set(["image/jpeg", "image/png", "image/gif"]);

/** The storage files of an avatar key (`users.img`); none for a provider's absolute URL. */
export function avatarKeys(img: string | null | undefined): string[] {
  if (!img || /^https?:\/\//.test(img)) return [];
  return Object.values(AVATAR_SIZES).map((size) => `${img}-${size}.webp`);
}

/**
 * Checks and stores a profile photo; returns its key (what `users.img` holds).
 * Anything that is not really a jpeg, png or gif is "Only photos are allowed!".
 */
export async function storeAvatar(userId: string, file: File): Promise<string> {
  if (!isProfilePhotoName(file.name)) throw new MediaError(NOT_PHOTO);
  const type = await sniff(file);
  if (!type || !AVATAR_TYPES.has(type.mime)) throw new MediaError(NOT_PHOTO);
  if (file.size > MAX_IMAGE_BYTES) throw new MediaError(TOO_LARGE, 413);
  const key = `avatars/${userId}/${newId()}`;
  const input = Buffer.from(await file.arrayBuffer());
  const written: string[] = [];
  try {
    for (const size of Object.values(AVATAR_SIZES)) {
      // The first frame of a gif; orientation applied, metadata dropped.
      const out = await sharp(input, { limitInputPixels: 60_000_000 })
        .rotate()
        .resize({ width: size, height: size, fit: "cover" })
        .webp({ quality: 80, effort: 4 })
        .toBuffer();
      await putTracked(written, `${key}-${size}.webp`, out);
    }
  } catch (error) {
    await getStorage()
      .remove(written)
      .catch((removeError: unknown) => console.error(`Could not remove the files of a failed profile photo ${key}: ${String(removeError)}`));
    if (error instanceof MediaError) throw error;
    // sharp could not decode it: not a photo after all.
    throw new MediaError(NOT_PHOTO);
  }
  return key;
}

export async function removeAvatar(img: string | null | undefined) {
  await getStorage().remove(avatarKeys(img));
}
