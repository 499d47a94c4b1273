// Videos as pages and /media serve them: without ffmpeg the composer and the
// edit page say up front that videos can't be uploaded and offer photos only;
// a processed MP4 and its posters are cached by the browser for good (never by
// a shared cache), photos as before; the upload as sent is a 404 to everyone
// while its job has not made the MP4, and gone after.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processDueVideoJobs } from "~/flows/video-processing.server";
import { seed } from "~/flows/seed.server";
import { createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import CreatePost from "~/routes/create.post/route";
import { loader as createLoader } from "~/routes/create.post/route.server";
import EditPost from "~/routes/post.$id_.edit/route";
import { loader as editLoader } from "~/routes/post.$id_.edit/route.server";
import { loader as mediaLoader } from "~/routes/media.$/route.server";
import { resetConfig } from "~/services/config.server";
import { getDb, newId, schema } from "~/services/db.server";
import { storeMedia, videosAccepted } from "~/services/media.server";
import { createSessionCookie } from "~/services/session.server";
import { getStorage } from "~/services/storage.server";
import { resetFfmpegLookup } from "~/services/video/ffmpeg.server";
import { VIDEOS_UNAVAILABLE } from "~/utils/video-rules";
import { tinyVideo } from "../support/video-fixtures";
import { renderPage } from "./render-page";

const BASE = "http://localhost:3000";
const ctx = { context: { cspNonce: "", clientIp: "127.0.0.1" } };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "campus-vserve-test-"));

beforeAll(async () => {
  await seed({ demo: false });
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let users = 0;
async function signedIn() {
  const n = ++users;
  const user = await insertUser({ campusId: "ou", firstName: "Vid", lastName: "S.", username: `vserve-${n}`, email: `vserve-${n}@ou.edu`, verified: true, schoolVerified: true });
  const cookie = (await createSessionCookie(new Request(`${BASE}/`), user.id)).split(";")[0]!;
  return { user, cookie };
}

/** The accept attributes of the page's file inputs. */
const accepts = (html: string) => [...html.matchAll(/<input[^>]*type="file"[^>]*>/g)].map((m) => /accept="([^"]*)"/.exec(m[0])?.[1] ?? "");

/** A post with one video as uploaded, waiting for its job. */
async function postWithVideo(authorId: string) {
  const postId = newId();
  const [stored] = await storeMedia(`posts/${postId}`, [new File([await tinyVideo()], "clip.mp4")]);
  await createPost({ id: postId, authorId, campusId: "ou", blocks: [{ text: "Watch" }], origin: BASE, media: [stored!] });
  return { postId, original: stored!.path };
}

async function get(key: string, cookie?: string): Promise<Response> {
  const request = new Request(`${BASE}/media/${key}`, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    return await mediaLoader({ request, params: { "*": key }, ...ctx });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the composer without ffmpeg", () => {
  it("says videos can't be uploaded and offers photos only; with ffmpeg it offers videos", async () => {
    const { user, cookie } = await signedIn();
    const postId = newId();
    await createPost({ id: postId, authorId: user.id, campusId: "ou", blocks: [{ text: "Lamp" }], origin: BASE, media: [] });
    const pages = async () => [
      await renderPage(`${BASE}/create/post`, { path: "create/post", loader: createLoader, Component: CreatePost }, { cookie }),
      await renderPage(`${BASE}/post/${postId}/edit`, { path: "post/:id/edit", loader: editLoader, Component: EditPost }, { cookie }),
    ];
    const notice = VIDEOS_UNAVAILABLE.replace("'", "&#x27;");

    expect(await videosAccepted()).toBe(true);
    for (const html of await pages()) {
      expect(html).not.toContain(notice);
      expect(accepts(html).every((a) => a.includes("video/*"))).toBe(true);
    }

    const previous = { path: process.env.PATH, ffmpeg: process.env.FFMPEG_PATH };
    fs.mkdirSync(path.join(tmp, "empty"), { recursive: true });
    process.env.PATH = path.join(tmp, "empty");
    process.env.FFMPEG_PATH = path.join(tmp, "missing", "ffmpeg");
    resetConfig();
    resetFfmpegLookup();
    try {
      expect(await videosAccepted()).toBe(false);
      for (const html of await pages()) {
        expect(html).toContain(notice);
        const inputs = accepts(html);
        expect(inputs.length).toBeGreaterThan(0);
        for (const accept of inputs) {
          expect(accept).toContain("image/jpeg");
          expect(accept).not.toMatch(/video/);
        }
      }
    } finally {
      process.env.PATH = previous.path;
      if (previous.ffmpeg === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = previous.ffmpeg;
      resetConfig();
      resetFfmpegLookup();
    }
  });
});

describe("/media and videos", () => {
  it("never serves the original while processing; the MP4 and posters are private and immutable", async () => {
    const { user, cookie } = await signedIn();
    const other = await signedIn();
    const { postId, original } = await postWithVideo(user.id);
    expect(original).toMatch(/\/1\.mp4$/);
    expect(await getStorage().stat(original)).not.toBeNull();
    // Neither a visitor, another student nor the author gets the upload as sent.
    for (const who of [undefined, other.cookie, cookie]) {
      const res = await get(original, who);
      expect(res.status).toBe(404);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    }

    expect(await processDueVideoJobs({ log: () => undefined })).toContain("done");
    const [row] = await getDb().select().from(schema.media).where(eq(schema.media.postId, postId));
    expect(row?.status).toBe("ready");
    const mp4 = await get(row!.path);
    expect(mp4.status).toBe(200);
    expect(mp4.headers.get("Content-Type")).toBe("video/mp4");
    expect(mp4.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    await mp4.body?.cancel();
    for (const w of row!.posterVariants!) {
      const poster = await get(`${row!.posterPath}-${w}.webp`);
      expect(poster.status).toBe(200);
      expect(poster.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
      await poster.body?.cancel();
    }
    // A range (the player seeking) is cached the same way.
    const part = await mediaLoader({ request: new Request(`${BASE}/media/${row!.path}`, { headers: { Range: "bytes=0-99" } }), params: { "*": row!.path }, ...ctx });
    expect(part.status).toBe(206);
    expect(part.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    await part.body?.cancel();
    // The original is gone once the MP4 is stored.
    expect((await get(original)).status).toBe(404);

    // Hidden by reports: a 404 to others, the author still gets it (privately).
    await getDb().update(schema.posts).set({ hiddenAt: Date.now() }).where(eq(schema.posts.id, postId));
    expect((await get(row!.path, other.cookie)).status).toBe(404);
    const own = await get(row!.path, cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("Cache-Control")).toMatch(/^private,/);
    await own.body?.cancel();
  });

  it("keeps a photo's caching and an old video stored as sent as before", async () => {
    const { user } = await signedIn();
    const postId = newId();
    const png = await (await import("sharp")).default({ create: { width: 40, height: 30, channels: 3, background: "#888" } }).png().toBuffer();
    const [photo] = await storeMedia(`posts/${postId}`, [new File([new Uint8Array(png)], "a.png")]);
    // A video from before processing existed: stored as sent, ready.
    const old = `posts/${postId}/2.mp4`;
    await getStorage().put(old, Buffer.from(await tinyVideo()));
    await createPost({
      id: postId,
      authorId: user.id,
      campusId: "ou",
      blocks: [{ text: "Both" }],
      origin: BASE,
      media: [photo!, { kind: "video", path: old, name: "old.mp4", order: 2, width: null, height: null, variants: null, mimeType: "video/mp4", size: 1, status: "ready" }],
    });
    const image = await get(`${photo!.path}-${photo!.variants![0]}.webp`);
    expect(image.status).toBe(200);
    expect(image.headers.get("Cache-Control")).toBe("public, max-age=300, must-revalidate");
    await image.body?.cancel();
    const video = await get(old);
    expect(video.status).toBe(200);
    expect(video.headers.get("Cache-Control")).toBe("public, max-age=300, must-revalidate");
    await video.body?.cancel();
  });
});
