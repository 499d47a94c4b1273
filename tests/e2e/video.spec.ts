// Videos on screen, in both projects (js and nojs): the author sees "Processing
// video…" until the video is ready and nobody else sees it before; then it plays
// in Chromium from its MP4 (with its poster and size), and the feed shows only
// its poster, loading no video bytes.
//
// The first test needs the video worker (uploads are processed in the
// background); the second makes a ready video and a processing one directly in
// the server's database and storage, so it checks the pages on their own.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import type { Page, Response } from "@playwright/test";
import sharp from "sharp";
import { newId, schema } from "../../app/services/db.server";
import { VIDEOS_UNAVAILABLE } from "../../app/utils/video-rules";
import { makeVideoFixtures } from "../support/video-fixtures";
import { startAppServer, type AppServer } from "./app-server";
import { expect, openTestDb, test, unique } from "./fixtures";
import { postListing, signUp } from "./users";

const run = promisify(execFile);
const PROCESSING = "Processing video…";

/** Every `video/*` response the page receives from now on. */
function videoResponses(page: Page): Response[] {
  const seen: Response[] = [];
  page.on("response", (response) => {
    if ((response.headers()["content-type"] ?? "").startsWith("video/")) seen.push(response);
  });
  return seen;
}

/**
 * Loads a player's metadata (it preloads nothing by itself) and returns its duration and frame size.
 * Polled rather than awaited through an event: without JS the page runs no listeners, but evaluate still reads the element.
 */
async function playerMetadata(page: Page, index: number): Promise<{ duration: number; width: number; height: number }> {
  const player = page.locator("video.video-player").nth(index);
  await player.evaluate((video: HTMLVideoElement) => {
    video.preload = "metadata";
    video.load();
  });
  // HAVE_METADATA, or a media error to report.
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => (video.error ? `error ${video.error.code}: ${video.currentSrc}` : video.readyState >= 1)), { timeout: 15_000 }).toBe(true);
  return player.evaluate((video: HTMLVideoElement) => ({ duration: video.duration, width: video.videoWidth, height: video.videoHeight }));
}

/** The post page's players must be ready ones: a poster, its size, nothing preloaded, the MP4 as its source. */
async function expectReadyPlayers(page: Page, count: number) {
  const players = page.getByTestId("post-card").locator("video.video-player");
  await expect(players).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    const player = players.nth(i);
    await expect(player).toHaveAttribute("preload", "none");
    await expect(player).toHaveAttribute("poster", /^\/media\/posts\/.+\.webp$/);
    await expect(player).toHaveAttribute("width", /^\d+$/);
    await expect(player).toHaveAttribute("height", /^\d+$/);
    await expect(player).toHaveAttribute("playsinline", "");
    await expect(player.locator('source[type="video/mp4"]')).toHaveAttribute("src", /^\/media\/posts\/.+\.mp4$/);
  }
}

test.describe("videos", () => {
  let fixtureDir: string | undefined;
  test.afterAll(async () => {
    if (fixtureDir) await fs.rm(fixtureDir, { recursive: true, force: true });
  });

  test("an AVI and an iPhone's HEVC .mov: 'Processing video…' to the author only, then they play, and the feed shows their poster", async ({ page, browser }) => {
    test.setTimeout(240_000);
    fixtureDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-e2e-video-"));
    const fixtures = await makeVideoFixtures(fixtureDir);
    test.skip(!fixtures.hevcMov, "this ffmpeg cannot make the HEVC fixture (no libx265)");
    await signUp(page, { first: "Vera" });
    const text = `Two clips of my bike ${unique()}`;
    await page.goto("/create/post?goBack=/home");
    await page.getByLabel("Post text").fill(text);
    await page.getByLabel(/Photos and videos/).setInputFiles([
      { name: "bike.avi", mimeType: "video/x-msvideo", buffer: await fs.readFile(fixtures.avi) },
      { name: "IMG_0001.MOV", mimeType: "video/quicktime", buffer: await fs.readFile(fixtures.hevcMov!) },
    ]);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByTestId("alert")).toContainText("Your post was sent.");
    const href = await page.getByTestId("post-card").filter({ hasText: text }).first().locator("a.post-card__body").getAttribute("href");
    const postUrl = href!;

    // The author, right after: each video is "Processing video…" or already a player. (Whether one is still
    // processing depends on how many workers the processes run; the next test pins the notice down.)
    await page.goto(postUrl);
    const notices = await page.getByTestId("post-card").getByText(PROCESSING).count();
    expect(notices + (await page.getByTestId("post-card").locator("video.video-player").count())).toBe(2);

    // Another student, meanwhile: the post is there, but never a video that is not ready (no notice, no original file).
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signUp(other, { first: "Omar" });
    await other.goto(postUrl);
    const otherCard = other.getByTestId("post-card");
    await expect(otherCard).toContainText(text);
    await expect(otherCard).not.toContainText(PROCESSING);
    const seenByOther = await otherCard.locator("video").count();
    await expect(otherCard.locator("video source[type='video/mp4']")).toHaveCount(seenByOther);
    await expect(otherCard.locator("video[src]")).toHaveCount(0);
    expect(seenByOther).toBeLessThanOrEqual(2);

    // Ready within a minute: the page is loaded again until both are players.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("post-card").locator("video.video-player")).toHaveCount(2, { timeout: 1_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
    await expect(page.getByTestId("post-card")).not.toContainText(PROCESSING);
    await expectReadyPlayers(page, 2);
    // Chromium plays both (it plays neither an AVI nor HEVC as uploaded): the fixtures are 3 s long.
    for (const i of [0, 1]) {
      const meta = await playerMetadata(page, i);
      expect(Math.abs(meta.duration - 3)).toBeLessThanOrEqual(1);
      expect(meta.width).toBeGreaterThan(0);
    }

    // Now the other student sees both too.
    await other.reload();
    await expectReadyPlayers(other, 2);
    await otherContext.close();

    // The feed: the first video's poster with a play mark and its length, and no video bytes at all.
    const videos = videoResponses(page);
    await page.goto("/home");
    const card = page.getByTestId("post-card").filter({ hasText: text });
    const poster = card.locator("a.media-preview:has(.play-mark)");
    await expect(poster).toHaveAttribute("href", postUrl);
    await expect(poster.locator("img")).toHaveAttribute("srcset", /-\d+\.webp 1x, .+-\d+\.webp 2x$/);
    await expect(poster.locator("img")).toHaveAttribute("height", "200");
    await expect(poster.locator(".play-mark")).toHaveCount(1);
    await expect(poster.locator(".video-duration")).toHaveText("0:03");
    await expect(poster).toContainText("+1");
    await expect.poll(() => poster.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(card.locator("video")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(videos.map((r) => r.url())).toEqual([]);
  });

  test("a ready video and one still processing, as the worker leaves them: players, poster card, and who sees what", async ({ page, browser, javaScriptEnabled }) => {
    test.setTimeout(90_000);
    await signUp(page, { first: "Rita" });
    const text = `Desk lamp on video ${unique()}`;
    const postId = await postListing(page, text, "15");

    // A 4 s H.264/AAC MP4 and its posters in the server's storage; a second video still processing (no job: nothing takes it).
    const uploads = path.join(process.env.E2E_DIR!, "uploads");
    const key = `posts/${postId}/${newId()}`;
    await fs.mkdir(path.join(uploads, "posts", postId), { recursive: true });
    const mp4 = path.join(uploads, `${key}.mp4`);
    await run("ffmpeg", [
      "-nostdin", "-loglevel", "error", "-y",
      "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=4",
      "-f", "lavfi", "-i", "sine=frequency=440:duration=4",
      "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-movflags", "+faststart",
      mp4,
    ]);
    for (const [width, height] of [[200, 200], [400, 400], [640, 360]] as const) {
      await sharp({ create: { width, height, channels: 3, background: "#2a6" } }).webp().toFile(path.join(uploads, `${key}-poster-${width}.webp`));
    }
    const { db, close } = openTestDb();
    try {
      await db.insert(schema.media).values([
        { id: newId(), postId, kind: "video", path: `${key}.mp4`, name: "lamp.mov", order: 1, width: 640, height: 360, mimeType: "video/mp4", size: (await fs.stat(mp4)).size, status: "ready", durationMs: 4_000, posterPath: `${key}-poster`, posterVariants: [200, 400, 640] },
        { id: newId(), postId, kind: "video", path: `posts/${postId}/${newId()}.avi`, name: "switch.avi", order: 2, mimeType: "video/x-msvideo", size: 1, status: "processing" },
      ]);
      await db.update(schema.posts).set({ vidCount: sql`${schema.posts.vidCount} + 2` }).where(eq(schema.posts.id, postId));
    } finally {
      await close();
    }

    // The author's post page: the player, and where the other will be, "Processing video…" (with a Refresh link).
    await page.goto(`/post/${postId}`);
    const mine = page.getByTestId("post-card");
    await expectReadyPlayers(page, 1);
    const player = mine.locator("video.video-player");
    await expect(player).toHaveAttribute("width", "640");
    await expect(player).toHaveAttribute("height", "360");
    await expect(player).toHaveAttribute("poster", `/media/${key}-poster-640.webp`);
    await expect(mine.locator(".video-processing")).toHaveText(`${PROCESSING}Refresh`);
    // Its box is the MP4's shape before a byte of it is loaded (no layout shift).
    const box = await player.boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(640 / 360, 1);
    // The MP4 is served in parts (Range), as players ask for it.
    const part = await page.request.get(`/media/${key}.mp4`, { headers: { Range: "bytes=0-9" } });
    expect(part.status()).toBe(206);
    expect(part.headers()["content-type"]).toBe("video/mp4");
    expect(part.headers()["content-range"]).toBe(`bytes 0-9/${(await fs.stat(mp4)).size}`);
    expect((await part.body()).length).toBe(10);
    const meta = await playerMetadata(page, 0);
    expect(Math.abs(meta.duration - 4)).toBeLessThanOrEqual(1);
    expect([meta.width, meta.height]).toEqual([640, 360]);
    // Refresh loads the page again (a plain link without JS).
    await mine.getByRole("link", { name: "Refresh" }).click();
    await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
    await expect(page.getByTestId("post-card").locator(".video-processing")).toHaveCount(1);

    // The author's feed: the poster card, no video bytes.
    const videos = videoResponses(page);
    await page.goto("/home");
    const card = page.getByTestId("post-card").filter({ hasText: text });
    const poster = card.locator("a.media-preview:has(.play-mark)");
    await expect(poster.locator("img")).toHaveAttribute("srcset", `/media/${key}-poster-200.webp 1x, /media/${key}-poster-400.webp 2x`);
    await expect(poster.locator("img")).toHaveAttribute("width", "200");
    await expect(poster.locator(".video-duration")).toHaveText("0:04");
    await expect(poster).toContainText("+1");
    await expect.poll(() => poster.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(videos.map((r) => r.url())).toEqual([]);
    // The poster opens the post (a link, with or without JS).
    await poster.click();
    await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));

    // Another student: the ready video only, no notice, and "+N" counts only what they see.
    const otherContext = await browser.newContext({ javaScriptEnabled });
    const other = await otherContext.newPage();
    await signUp(other, { first: "Olga" });
    await other.goto(`/post/${postId}`);
    await expectReadyPlayers(other, 1);
    await expect(other.getByTestId("post-card")).not.toContainText(PROCESSING);
    await expect(other.getByTestId("post-card")).not.toContainText("switch.avi");
    await other.goto("/home");
    const theirCard = other.getByTestId("post-card").filter({ hasText: text });
    await expect(theirCard.locator("a.media-preview:has(.play-mark)")).toBeVisible();
    await expect(theirCard.locator("a.media-preview:has(.play-mark)")).not.toContainText("+");
    // A visitor likewise.
    const visitorContext = await browser.newContext({ javaScriptEnabled });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/post/${postId}`);
    await expectReadyPlayers(visitor, 1);
    await expect(visitor.getByTestId("post-card")).not.toContainText(PROCESSING);
    await Promise.all([otherContext.close(), visitorContext.close()]);
  });
});

test.describe("a server without ffmpeg", () => {
  let server: AppServer | undefined;
  let empty: string | undefined;
  test.beforeAll(async () => {
    // Neither FFMPEG_PATH nor PATH leads to an ffmpeg.
    empty = await fs.mkdtemp(path.join(os.tmpdir(), "campus-no-ffmpeg-"));
    server = await startAppServer({ FFMPEG_PATH: path.join(empty, "ffmpeg"), PATH: empty });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (empty) await fs.rm(empty, { recursive: true, force: true });
  });

  test("the composer says videos can't be uploaded and offers photos only (page and modal); a photo still posts", async ({ page, javaScriptEnabled }) => {
    test.setTimeout(60_000);
    const origin = server!.url;
    await signUp(page, { origin });
    await page.goto(`${origin}/create/post?goBack=/home`);
    await expect(page.getByText(VIDEOS_UNAVAILABLE)).toBeVisible();
    const picker = page.getByLabel(/Photos and videos/);
    await expect(picker).toHaveAttribute("accept", /image\/jpeg/);
    expect(await picker.getAttribute("accept")).not.toContain("video");

    const text = `Desk lamp, photo only ${unique()}`;
    await page.getByLabel("Post text").fill(text);
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#c63" } }).png().toBuffer();
    await picker.setInputFiles({ name: "lamp.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByTestId("alert")).toContainText("Your post was sent.");
    await page.goto(`${origin}/home`);
    const card = page.getByTestId("post-card").filter({ hasText: text });
    await expect(card.locator("img.media-preview__img, a.media-preview img").first()).toBeVisible();

    if (javaScriptEnabled) {
      // The modal on a wide screen asks the composer page's data, and says the same before a file is chosen.
      await page.getByRole("link", { name: "Sell something" }).click();
      const modal = page.getByRole("dialog", { name: "Create Post" });
      await expect(modal.getByText(VIDEOS_UNAVAILABLE)).toBeVisible();
      expect(await modal.getByLabel(/Photos and videos/).getAttribute("accept")).not.toContain("video");
    }
  });
});
