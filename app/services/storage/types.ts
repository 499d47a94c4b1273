// The storage interface both drivers implement, and the rules for keys.
import type { Readable } from "node:stream";

export type StoredFile = {
  size: number;
  /** A strong validator for this exact content (quoted, as the ETag header carries it). */
  etag: string;
};

/** Inclusive byte offsets, as an HTTP Range names them. */
export type ByteRange = { start: number; end: number };

/** An object as a listing names it: its key and when it was last written (epoch ms). */
export type ListedObject = { key: string; modifiedAt: number };

/** How many objects a page of a listing holds at most (S3 returns at most 1000 per request). */
export const LIST_PAGE_SIZE = 1000;

export interface Storage {
  /**
   * Stores `data` under `key`, streaming a Readable through (never the whole
   * file in memory). On any failure — the source stream errors or is aborted,
   * the store refuses — it rejects and nothing is left under `key`.
   */
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** Size and validator of `key`; null when there is no such object (or the key is not one of ours). */
  stat(key: string): Promise<StoredFile | null>;
  /** The bytes of `key` (or of `range` of it) as a stream; null when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes these keys; keys that do not exist are fine. */
  remove(keys: string[]): Promise<void>;
  /**
   * Every object under `folder` (a key prefix up to a `/`, e.g. `posts`), a
   * page of at most `pageSize` at a time, in no particular order: never the
   * whole store in memory. On disk this includes the temporary names of writes
   * in progress or cut short (`….part`); keys that are not valid keys are left out.
   */
  list(folder: string, pageSize?: number): AsyncIterable<ListedObject[]>;
}

const KEY = /^[\w-]+(?:\/[\w.-]+)*$/;

/** A key is a relative path of safe segments: never `..`, never absolute. */
export function isValidKey(key: string): boolean {
  return KEY.test(key) && !key.split("/").some((s) => s === "." || s === "..");
}

/** Throws for a key that is not one of ours (writers and deleters build keys themselves). */
export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  mp4: "video/mp4",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
};

/** The Content-Type of a stored file, by the extension its key was given when stored. */
export function mediaContentType(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

