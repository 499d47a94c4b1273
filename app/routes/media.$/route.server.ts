import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { mediaAccess } from "~/models/posts.server";
import { isUnprocessedVideo } from "~/models/video-jobs.server";
import { parseRange } from "~/services/http-range.server";
import { getUserId } from "~/services/session.server";
import { getStorage, mediaContentType } from "~/services/storage.server";

// Uploaded media, from whichever store holds them (disk or bucket), streamed.
// Keys are unique per upload, so a profile photo is cached for a year; a post's
// files only for minutes and revalidated after, since reports can hide the post
// (then its files are a 404 to all but its author and the moderators). Every
// file is served with Range support so players can seek; only videos say so
// (Accept-Ranges), since a browser never asks for part of a photo and a feed
// loads dozens of them.
const CACHE = {
  anyone: "public, max-age=31536000, immutable",
  public: "public, max-age=300, must-revalidate",
  // The author's or a moderator's look at a hidden post: never in a shared cache.
  author: "private, max-age=300, must-revalidate",
} as const;

// A processed video's MP4 and posters get a new name whenever they are made
// (`{n}-{id}.mp4`, `{n}-{id}-{width}.webp`), so a browser may keep them for good;
// only a browser, since no shared cache may keep what a moderator later hides.
const PROCESSED_VIDEO = /\/\d+-[\w-]{10}(?:\.mp4|-\d+\.webp)$/;
const PROCESSED_CACHE = "private, max-age=31536000, immutable";

// An upload as sent (`{n}.mp4`, `.mov`, `.avi`): the original of a video not yet
// processed is never served (its job reads it from the store); an older video
// that was stored as sent and marked ready still is.
const VIDEO_ORIGINAL = /\/\d+\.(?:mp4|mov|avi)$/;

function cacheControl(key: string, access: keyof typeof CACHE): string {
  return access !== "anyone" && PROCESSED_VIDEO.test(key) ? PROCESSED_CACHE : CACHE[access];
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const access = await mediaAccess(key, () => getUserId(request));
  // Not cached anywhere: the same URL answers its author, and everyone again once the post is shown.
  if (access === "none" || (VIDEO_ORIGINAL.test(key) && (await isUnprocessedVideo(key)))) {
    throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  }
  const storage = getStorage();
  const file = await storage.stat(key);
  if (!file) throw new Response("Not Found", { status: 404 });
  const type = mediaContentType(key);
  const headers = new Headers({
    "Content-Type": type,
    "Cache-Control": cacheControl(key, access),
    ETag: file.etag,
    "X-Content-Type-Options": "nosniff",
  });
  if (/^(?:video|audio)\//.test(type)) headers.set("Accept-Ranges", "bytes");
  if (request.headers.get("If-None-Match") === file.etag) return new Response(null, { status: 304, headers });
  const range = parseRange(request.headers.get("Range"), file.size);
  if (range === "invalid") {
    headers.set("Content-Range", `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const length = range ? range.end - range.start + 1 : file.size;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
  const status = range ? 206 : 200;
  if (request.method === "HEAD" || length === 0) return new Response(null, { status, headers });
  const body = await storage.read(key, range ?? undefined);
  // Removed between the two looks.
  if (!body) throw new Response("Not Found", { status: 404 });
  return new Response(createReadableStreamFromReadable(body), { status, headers });
}
