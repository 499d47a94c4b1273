import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { parseRange } from "~/services/http-range.server";
import { getStorage } from "~/services/storage.server";

const TYPES: Record<string, string> = {
  webp: "image/webp",
  mp4: "video/mp4",
  mov: "video/quicktime",
  avi: "video/x-msvideo",
};

// Uploaded media: keys are unique per upload, so they are cached for a year.
// Videos are served with Range support so players can seek.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const storage = getStorage();
  const file = await storage.stat(key);
  if (!file) throw new Response("Not Found", { status: 404 });
  const type = TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
  const etag = `"${file.size.toString(36)}-${Math.floor(file.mtimeMs).toString(36)}"`;
  const headers = new Headers({
    "Content-Type": type,
    "Cache-Control": "public, max-age=31536000, immutable",
    "Accept-Ranges": "bytes",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  });
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const range = parseRange(request.headers.get("Range"), file.size);
  if (range === "invalid") {
    headers.set("Content-Range", `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const slice = range ?? { start: 0, end: file.size - 1 };
  headers.set("Content-Length", String(slice.end - slice.start + 1));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
  if (request.method === "HEAD") return new Response(null, { status: range ? 206 : 200, headers });
  const body = createReadableStreamFromReadable(storage.read(key, slice));
  return new Response(body, { status: range ? 206 : 200, headers });
}
