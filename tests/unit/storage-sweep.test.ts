// The storage sweep on both drivers (disk, and S3 against s3rver): objects no
// row names are removed once older than an hour, fresh and referenced ones
// stay, and of two "processes" sweeping at once only one runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorageSweepJob, ORPHAN_AGE_MS, sweepStorage } from "~/flows/storage-sweep.server";
import { createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { getDb, newId, schema } from "~/services/db.server";
import { jobLease } from "~/services/job-lease.server";
import type { Storage } from "~/services/storage.server";
import { createDiskStorage } from "~/services/storage/disk.server";
import { createS3Storage } from "~/services/storage/s3.server";
import { seed } from "~/flows/seed.server";
import { startS3Server, type S3Server } from "../support/s3-server";

let s3: S3Server;
const diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), "campus-sweep-"));

beforeAll(async () => {
  s3 = await startS3Server();
  await seed({ demo: false });
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(diskRoot, { recursive: true, force: true });
});

type Driver = { name: string; storage: () => Storage; keys: (prefix: string) => Promise<string[]> };
const drivers: Driver[] = [
  {
    name: "disk",
    storage: () => createDiskStorage(diskRoot),
    keys: async (prefix) => {
      const dir = path.join(diskRoot, prefix);
      if (!fs.existsSync(dir)) return [];
      return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((d) => d.isFile())
        .map((d) => path.relative(diskRoot, path.join(d.parentPath, d.name)).split(path.sep).join("/"))
        .sort();
    },
  },
  {
    name: "S3",
    storage: () =>
      createS3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } }),
    keys: (prefix) => s3.keys(prefix),
  },
];

const quiet = () => undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let users = 0;
/** A post with a photo (two variants) and a video, and a user with a profile photo, named by rows; returns the keys they name. */
async function referenced(storage: Storage): Promise<{ keys: string[]; postId: string; avatar: string }> {
  const n = ++users;
  const author = await insertUser({ campusId: "ou", firstName: "Sweep", lastName: "T.", username: `sweep-${n}`, email: `sweep-${n}@ou.edu`, verified: true, schoolVerified: true });
  const postId = newId();
  await createPost({
    id: postId,
    authorId: author.id,
    campusId: "ou",
    blocks: [{ text: "Lamp" }],
    origin: "http://localhost:3000",
    media: [
      { kind: "image", path: `posts/${postId}/1`, name: "lamp.png", order: 1, width: 800, height: 600, variants: [200, 400], mimeType: "image/webp", size: 10 },
      { kind: "video", path: `posts/${postId}/2.mp4`, name: "lamp.mp4", order: 2, width: null, height: null, variants: null, mimeType: "video/mp4", size: 10 },
    ],
  });
  const avatar = `avatars/${author.id}/${newId()}`;
  await getDb().update(schema.users).set({ img: avatar }).where(eq(schema.users.id, author.id));
  const keys = [`posts/${postId}/1-200.webp`, `posts/${postId}/1-400.webp`, `posts/${postId}/2.mp4`, `${avatar}-96.webp`, `${avatar}-400.webp`];
  for (const key of keys) await storage.put(key, Buffer.from(key));
  return { keys, postId, avatar };
}

describe.each(drivers)("the sweep on $name", (driver) => {
  let storage: Storage;
  beforeAll(() => {
    storage = driver.storage();
  });

  it("removes objects no row names once older than an hour, and keeps fresh ones and the ones rows name", async () => {
    const { keys, postId, avatar } = await referenced(storage);
    const crashed = newId();
    // What a crash mid-upload leaves: the variants of a post never committed, a variant no row lists, a profile photo never saved.
    const orphans = [`posts/${crashed}/1-200.webp`, `posts/${crashed}/1-400.webp`, `posts/${crashed}/1-640.webp`, `posts/${postId}/1-640.webp`, `${avatar}x-96.webp`];
    for (const key of orphans) await storage.put(key, Buffer.from(key));
    const writtenBy = Date.now();
    // Listings may round times down to the second: the fresh object is written well after the cut.
    await sleep(2_200);
    const fresh = `posts/${newId()}/1-200.webp`;
    await storage.put(fresh, Buffer.from("an upload still in progress"));

    // Right now nothing is an hour old: nothing goes.
    expect(await sweepStorage({ storage, log: quiet })).toMatchObject({ ran: true, removed: 0 });
    expect(await driver.keys("")).toEqual(expect.arrayContaining([...keys, ...orphans, fresh]));

    const logged: string[] = [];
    const cut = writtenBy + 1_100;
    const result = await sweepStorage({ storage, now: () => cut + ORPHAN_AGE_MS, log: (m) => logged.push(m) });
    expect(result).toMatchObject({ ran: true, removed: orphans.length });
    const left = await driver.keys("");
    for (const key of orphans) expect(left).not.toContain(key);
    expect(left).toEqual(expect.arrayContaining([...keys, fresh]));
    expect(logged).toEqual([expect.stringContaining(`removed ${orphans.length} orphaned object(s)`)]);
  });

  it("leaves everything outside the app's folders alone", async () => {
    await storage.put("elsewhere/backup.webp", Buffer.from("not ours"));
    await sweepStorage({ storage, now: () => Date.now() + 2 * ORPHAN_AGE_MS, log: quiet });
    expect(await driver.keys("elsewhere/")).toEqual(["elsewhere/backup.webp"]);
  });
});

describe("the sweep on disk", () => {
  const diskKeys = drivers[0]!.keys;
  it("pages through the listing: many objects, a small page, each page checked in one go", async () => {
    const storage = createDiskStorage(diskRoot);
    const { keys } = await referenced(storage);
    const crashed = newId();
    const orphans = Array.from({ length: 25 }, (_, i) => `posts/${crashed}/${i + 1}-200.webp`);
    for (const key of orphans) await storage.put(key, Buffer.from("x"));
    const pages: number[] = [];
    const counting: Storage = {
      ...storage,
      async *list(folder, pageSize) {
        for await (const page of storage.list(folder, pageSize)) {
          pages.push(page.length);
          yield page;
        }
      },
    };
    const result = await sweepStorage({ storage: counting, pageSize: 7, now: () => Date.now() + ORPHAN_AGE_MS + 60_000, log: quiet });
    expect(result.removed).toBeGreaterThanOrEqual(orphans.length);
    expect(Math.max(...pages)).toBeLessThanOrEqual(7);
    expect(pages.length).toBeGreaterThan(3);
    const left = await diskKeys("");
    for (const key of orphans) expect(left).not.toContain(key);
    expect(left).toEqual(expect.arrayContaining(keys));
  });

  it("removes a temporary name left by a write that was cut, once it is an hour old", async () => {
    const storage = createDiskStorage(diskRoot);
    const dir = path.join(diskRoot, "posts", newId());
    fs.mkdirSync(dir, { recursive: true });
    const stale = path.join(dir, "1-200.webp.0a1b2c3d4e5f.part");
    const live = path.join(dir, "1-400.webp.f5e4d3c2b1a0.part");
    fs.writeFileSync(stale, "half a file");
    fs.writeFileSync(live, "a write in progress");
    const old = new Date(Date.now() - ORPHAN_AGE_MS - 60_000);
    fs.utimesSync(stale, old, old);
    await sweepStorage({ storage, log: quiet });
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
  });
});

describe("one sweep at a time", () => {
  const storage = () => createDiskStorage(diskRoot);
  async function orphan(): Promise<string> {
    const key = `posts/${newId()}/1-200.webp`;
    await storage().put(key, Buffer.from("x"));
    return key;
  }
  const later = () => Date.now() + ORPHAN_AGE_MS + 60_000;

  it("two processes sweeping at once: one runs, the other skips its turn", async () => {
    const key = await orphan();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let listing!: () => void;
    const listed = new Promise<void>((resolve) => (listing = resolve));
    // The first process is held in the middle of its listing.
    const slow: Storage = {
      ...storage(),
      async *list(folder, pageSize) {
        listing();
        await gate;
        yield* storage().list(folder, pageSize);
      },
    };
    const first = sweepStorage({ storage: slow, holder: "process-a", now: later, log: quiet });
    await listed;
    const second = await sweepStorage({ storage: storage(), holder: "process-b", now: later, log: quiet });
    expect(second).toEqual({ ran: false, checked: 0, removed: 0 });
    expect(fs.existsSync(path.join(diskRoot, key))).toBe(true);
    open();
    expect(await first).toMatchObject({ ran: true });
    expect(fs.existsSync(path.join(diskRoot, key))).toBe(false);
    // The lease was given back: the next turn runs.
    expect((await sweepStorage({ storage: storage(), holder: "process-b", now: later, log: quiet })).ran).toBe(true);
  });

  it("waits for another process's lease, and takes over once a dead holder's lease has run out", async () => {
    const key = await orphan();
    const other = jobLease("storage-sweep", "process-c");
    expect(await other.claim(later(), 10 * 60_000)).toBe(true);
    expect((await sweepStorage({ storage: storage(), holder: "process-d", now: later, log: quiet })).ran).toBe(false);
    expect(fs.existsSync(path.join(diskRoot, key))).toBe(true);
    // process-c died holding it: 20 minutes on, the lease has run out.
    const result = await sweepStorage({ storage: storage(), holder: "process-d", now: () => later() + 20 * 60_000, log: quiet });
    expect(result.ran).toBe(true);
    expect(fs.existsSync(path.join(diskRoot, key))).toBe(false);
  });

  it("runs from the job at start, and stop() waits for the sweep in flight", async () => {
    const key = await orphan();
    const job = createStorageSweepJob({ storage: storage(), firstRunMs: 0, now: later, log: quiet });
    job.start();
    for (let i = 0; i < 100 && fs.existsSync(path.join(diskRoot, key)); i++) await sleep(20);
    await job.stop();
    expect(fs.existsSync(path.join(diskRoot, key))).toBe(false);
    // Stopped: nothing more is scheduled, and the lease is free.
    expect(await jobLease("storage-sweep", "process-e").claim(Date.now(), 1_000)).toBe(true);
    await jobLease("storage-sweep", "process-e").release();
  });
});

// s3rver cannot make continuation tokens here (it encrypts them with DES, which
// this OpenSSL refuses), so the paging of the S3 driver is checked against a
// stand-in client that answers ListObjectsV2 as S3 does.
describe("the S3 driver's listing", () => {
  it("pages with continuation tokens, never more than asked per request", async () => {
    const all = Array.from({ length: 5 }, (_, i) => ({ Key: `posts/p/${i + 1}-200.webp`, LastModified: new Date(1_000 + i) }));
    const asked: { Prefix?: string; ContinuationToken?: string; MaxKeys?: number }[] = [];
    const client = {
      send(command: ListObjectsV2Command) {
        asked.push({ Prefix: command.input.Prefix, ContinuationToken: command.input.ContinuationToken, MaxKeys: command.input.MaxKeys });
        const from = Number(command.input.ContinuationToken ?? 0);
        const to = from + command.input.MaxKeys!;
        return Promise.resolve({ Contents: all.slice(from, to), IsTruncated: to < all.length, NextContinuationToken: to < all.length ? String(to) : undefined });
      },
    } as unknown as S3Client;
    const storage = createS3Storage({ bucket: "b", region: "us-east-1", forcePathStyle: true }, client);
    const pages: string[][] = [];
    for await (const page of storage.list("posts", 2)) pages.push(page.map((o) => o.key));
    expect(pages).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4)].map((p) => p.map((o) => o.Key)));
    expect(asked).toEqual([
      { Prefix: "posts/", ContinuationToken: undefined, MaxKeys: 2 },
      { Prefix: "posts/", ContinuationToken: "2", MaxKeys: 2 },
      { Prefix: "posts/", ContinuationToken: "4", MaxKeys: 2 },
    ]);
  });
});
