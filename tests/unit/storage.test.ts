// The media storage interface on both drivers, through the same tests: local
// disk, and S3 against a local S3-compatible server (s3rver on 127.0.0.1)
// started here. Then /media/* and the upload and delete paths on the bucket.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createPost, deletePost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { loader } from "~/routes/media.$/route.server";
import { resetConfig } from "~/services/config.server";
import { MediaError, storeAvatar, storeMedia, STORE_FAILED } from "~/services/media.server";
import { createStorage, getStorage, resetStorage, type Storage } from "~/services/storage.server";
import { createDiskStorage } from "~/services/storage/disk.server";
import { createS3Storage } from "~/services/storage/s3.server";
import { seed } from "~/flows/seed.server";
import { startS3Server, type S3Server } from "../support/s3-server";
import { tinyVideo } from "../support/video-fixtures";

let s3: S3Server;
const diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), "campus-storage-"));

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(diskRoot, { recursive: true, force: true });
});

/** Every file under the disk driver's root (partial writes included), as keys. */
function diskFiles(prefix = ""): string[] {
  const dir = path.join(diskRoot, prefix);
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(diskRoot, path.join(d.parentPath, d.name)))
    .sort();
}

type Driver = { name: string; storage: () => Storage; keys: (prefix: string) => Promise<string[]> };
const drivers: Driver[] = [
  { name: "disk", storage: () => createDiskStorage(diskRoot), keys: async (prefix) => diskFiles(prefix) },
  {
    name: "S3",
    storage: () =>
      createS3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } }),
    keys: (prefix) => s3.keys(prefix),
  },
];

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error("no such object");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `bytes` random bytes in 64 KB chunks that fails (or is destroyed) after `failAfter` bytes. */
function failingStream(failAfter: number, how: "error" | "abort" = "error"): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= failAfter) {
        if (how === "error") this.destroy(new Error("the uploader went away"));
        else this.destroy();
        return;
      }
      const chunk = crypto.randomBytes(Math.min(64 * 1024, failAfter - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

describe.each(drivers)("$name storage", (driver) => {
  let storage: Storage;
  beforeAll(() => {
    storage = driver.storage();
  });
  // Each test writes under keys of its own.
  let n = 0;
  afterEach(() => {
    n++;
  });
  const key = (name: string) => `t-${driver.name.toLowerCase()}/${name}`;

  it("puts a buffer and a stream, and reads them back whole and by byte range", async () => {
    const small = Buffer.from("0123456789abcdefghij");
    await storage.put(key(`a${n}.webp`), small);
    const big = crypto.randomBytes(6 * 1024 * 1024 + 123); // more than one 5 MB part on S3
    await storage.put(key(`b${n}.mp4`), Readable.from([big.subarray(0, 3_000_000), big.subarray(3_000_000)]));

    expect(await storage.stat(key(`a${n}.webp`))).toMatchObject({ size: 20, etag: expect.stringMatching(/^".+"$/) });
    expect((await storage.stat(key(`b${n}.mp4`)))?.size).toBe(big.length);
    expect(await bytesOf(await storage.read(key(`a${n}.webp`)))).toEqual(small);
    expect(await bytesOf(await storage.read(key(`a${n}.webp`), { start: 3, end: 7 }))).toEqual(Buffer.from("34567"));
    const tail = await bytesOf(await storage.read(key(`b${n}.mp4`), { start: big.length - 1000, end: big.length - 1 }));
    expect(tail).toEqual(big.subarray(big.length - 1000));
    expect((await bytesOf(await storage.read(key(`b${n}.mp4`)))).equals(big)).toBe(true);
  });

  it("answers null for a key it does not hold or that is not one of ours, and refuses to write such a key", async () => {
    expect(await storage.stat(key("missing.webp"))).toBeNull();
    expect(await storage.read(key("missing.webp"))).toBeNull();
    expect(await storage.stat("../etc/passwd")).toBeNull();
    expect(await storage.read("a/../../b")).toBeNull();
    await expect(storage.put("../escape.webp", Buffer.from("x"))).rejects.toThrow("Invalid storage key");
  });

  it("deletes what it is asked to, and a key that is already gone is fine", async () => {
    await storage.put(key(`d${n}/1-320.webp`), Buffer.from("one"));
    await storage.put(key(`d${n}/1-640.webp`), Buffer.from("two"));
    await storage.put(key(`d${n}/keep.webp`), Buffer.from("three"));
    await storage.remove([key(`d${n}/1-320.webp`), key(`d${n}/1-640.webp`), key(`d${n}/never-was.webp`)]);
    expect(await driver.keys(key(`d${n}/`))).toEqual([key(`d${n}/keep.webp`)]);
    expect(await storage.stat(key(`d${n}/1-320.webp`))).toBeNull();
  });

  it.each([
    ["fails", 200 * 1024, "error"],
    ["is aborted", 200 * 1024, "abort"],
    ["fails after more than one part", 7 * 1024 * 1024, "error"],
  ] as const)("an upload whose stream %s midway leaves no object behind", async (_what, bytes, how) => {
    const target = key(`f${n}/1.mp4`);
    await expect(storage.put(target, failingStream(bytes, how))).rejects.toThrow();
    expect(await storage.stat(target)).toBeNull();
    expect(await driver.keys(key(`f${n}/`))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------
// The app on the bucket: S3_BUCKET chooses the driver for everything.

describe("the app with S3_BUCKET set", () => {
  const saved = { ...process.env };
  beforeAll(async () => {
    Object.assign(process.env, s3.env);
    resetConfig();
    resetStorage();
    await seed({ demo: false });
  });
  afterAll(() => {
    for (const name of Object.keys(s3.env)) delete process.env[name];
    Object.assign(process.env, saved);
    resetConfig();
    resetStorage();
  });

  it("chooses the S3 driver once from the configuration (disk without S3_BUCKET)", async () => {
    await getStorage().put("probe/choice.webp", Buffer.from("in the bucket"));
    expect(await s3.keys("probe/")).toEqual(["probe/choice.webp"]);
    expect(fs.existsSync(path.join(process.env.UPLOADS_DIR!, "probe"))).toBe(false);
    await createStorage({ s3: undefined, uploadsDir: diskRoot }).put("probe/choice.webp", Buffer.from("on disk"));
    expect(diskFiles("probe")).toEqual(["probe/choice.webp"]);
  });

  async function media(key: string, headers: Record<string, string> = {}, method = "GET"): Promise<Response> {
    const request = new Request(`http://localhost:3000/media/${key}`, { method, headers });
    try {
      return (await loader({ request, params: { "*": key }, context: { cspNonce: "", clientIp: "127.0.0.1" } })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it("/media serves a bucket's photo and video like the disk's: type, caching a post's files for minutes, Range (206), 416, HEAD, 304, 404", async () => {
    const author = await insertUser({ campusId: "ou", firstName: "Served", lastName: "T.", username: "served-author", email: "served@ou.edu", verified: true, schoolVerified: true });
    await createPost({ id: "m1", authorId: author.id, campusId: "ou", blocks: [{ text: "Lamp" }], media: [], origin: "http://localhost:3000" });
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } }).webp().toBuffer();
    await getStorage().put("posts/m1/1-40.webp", photo);
    const video = crypto.randomBytes(300_000);
    await getStorage().put("posts/m1/2.mp4", Readable.from([video]));

    const whole = await media("posts/m1/1-40.webp");
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Type")).toBe("image/webp");
    // Reports can hide the post: not immutable, checked again after five minutes.
    expect(whole.headers.get("Cache-Control")).toBe("public, max-age=300, must-revalidate");
    expect(whole.headers.get("Content-Length")).toBe(String(photo.length));
    // Only videos advertise ranges (a photo's are still answered).
    expect(whole.headers.get("Accept-Ranges")).toBeNull();
    const photoPart = await media("posts/m1/1-40.webp", { Range: "bytes=0-9" });
    expect(photoPart.status).toBe(206);
    expect(Buffer.from(await photoPart.arrayBuffer())).toEqual(photo.subarray(0, 10));
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(photo);

    const part = await media("posts/m1/2.mp4", { Range: "bytes=1000-1999" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Type")).toBe("video/mp4");
    expect(part.headers.get("Accept-Ranges")).toBe("bytes");
    expect(part.headers.get("Content-Range")).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(video.subarray(1000, 2000));
    const end = await media("posts/m1/2.mp4", { Range: "bytes=-500" });
    expect(end.headers.get("Content-Range")).toBe(`bytes ${video.length - 500}-${video.length - 1}/${video.length}`);
    expect(Buffer.from(await end.arrayBuffer())).toEqual(video.subarray(video.length - 500));

    const beyond = await media("posts/m1/2.mp4", { Range: `bytes=${video.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("Content-Range")).toBe(`bytes */${video.length}`);

    const head = await media("posts/m1/2.mp4", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(video.length));
    expect(await head.text()).toBe("");

    const again = await media("posts/m1/1-40.webp", { "If-None-Match": whole.headers.get("ETag")! });
    expect(again.status).toBe(304);

    expect((await media("posts/m1/3.mp4")).status).toBe(404);
    expect((await media("posts/../../x.webp")).status).toBe(404);
  });

  it("a post's photos land in the bucket; a later file that is refused, or sharp failing, removes what was written", async () => {
    const jpeg = new File([new Uint8Array(await sharp({ create: { width: 700, height: 500, channels: 3, background: "#39c" } }).jpeg().toBuffer())], "desk.jpg");
    const stored = await storeMedia("posts/u1", [jpeg]);
    expect(await s3.keys("posts/u1/")).toEqual(["posts/u1/1-200.webp", "posts/u1/1-400.webp", "posts/u1/1-640.webp", "posts/u1/1-700.webp"]);
    expect(stored[0]).toMatchObject({ kind: "image", width: 700, height: 500 });

    await expect(storeMedia("posts/u2", [jpeg, new File(["not a photo"], "b.jpg")])).rejects.toThrow("Only photos & videos are allowed!");
    // A PNG header with a broken body: sniffed as a photo, refused by sharp.
    const broken = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...crypto.randomBytes(200)])], "c.png");
    await expect(storeMedia("posts/u3", [jpeg, broken])).rejects.toThrow(MediaError);
    await expect(storeAvatar("user-s3", broken)).rejects.toThrow("Only photos are allowed!");
    expect(await s3.keys("posts/u2/")).toEqual([]);
    expect(await s3.keys("posts/u3/")).toEqual([]);
    expect(await s3.keys("avatars/user-s3/")).toEqual([]);
  });

  it("when the store fails midway, the upload is refused with 503 and the objects already written are removed", async () => {
    const jpeg = new File([new Uint8Array(await sharp({ create: { width: 900, height: 600, channels: 3, background: "#963" } }).jpeg().toBuffer())], "lamp.jpg");
    const storage = getStorage();
    const real = storage.put.bind(storage);
    let calls = 0;
    const spy = vi.spyOn(storage, "put").mockImplementation((key, data) => (++calls === 3 ? Promise.reject(new Error("503 Slow Down")) : real(key, data)));
    try {
      const error = await storeMedia("posts/u4", [jpeg]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MediaError);
      expect(error).toMatchObject({ message: STORE_FAILED, status: 503 });
    } finally {
      spy.mockRestore();
    }
    expect(await s3.keys("posts/u4/")).toEqual([]);
  });

  it("deleting a post deletes its objects from the bucket", async () => {
    const author = await insertUser({ campusId: "ou", firstName: "Bucket", lastName: "T.", username: "bucket-author", email: "bucket@ou.edu", verified: true, schoolVerified: true });
    const png = new File([new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0a0" } }).png().toBuffer())], "p.png");
    const mp4 = new File([await tinyVideo()], "clip.mp4");
    const id = "bucketpost1";
    const stored = await storeMedia(`posts/${id}`, [png, mp4]);
    await createPost({ id, authorId: author.id, campusId: "ou", blocks: [{ text: "Lamp" }], media: stored, origin: "http://localhost:3000" });
    expect(await s3.keys(`posts/${id}/`)).toEqual([`posts/${id}/1-64.webp`, `posts/${id}/2.mp4`]);
    await deletePost(id, author.id);
    expect(await s3.keys(`posts/${id}/`)).toEqual([]);
  });
});
