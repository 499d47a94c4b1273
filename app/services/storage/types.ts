// The storage interface both drivers implement, and the rules for keys.
import type { Readable } from "node:stream";

export type StoredFile = {
  size: number;
  /** A strong validator for this exact content (quoted, as the ETag header carries it). */
  etag: string;
};

/** Inclusive byte offsets, as an HTTP Range names them. */
export type ByteRange = { start: number; end: number };

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

