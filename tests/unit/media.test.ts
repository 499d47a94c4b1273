import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { parseRange } from "~/services/http-range.server";
import { MediaError, storeMedia } from "~/services/media.server";
import { getStorage } from "~/services/storage.server";
import { tinyVideo } from "../support/video-fixtures";

async function jpeg(width: number, height: number, opts: { orientation?: number; gps?: boolean } = {}) {
  let img = sharp({ create: { width, height, channels: 3, background: "#c33" } }).jpeg();
  if (opts.gps) img = img.withExif({ IFD0: { Make: "TestCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "35/1 12/1 0/1" } });
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return new File([new Uint8Array(await img.toBuffer())], "photo.jpg", { type: "image/jpeg" });
}

describe("storeMedia", () => {
  it("re-encodes photos to WebP widths, records size, strips metadata", async () => {
    const [m] = await storeMedia("test/a", [await jpeg(1200, 800, { gps: true })]);
    // The feed's thumbnail (200 px square: a wide photo is cropped) and twice it, then the post page's widths up to the photo's own.
    expect(m).toMatchObject({ kind: "image", order: 1, width: 1200, height: 800, variants: [200, 400, 640, 1080, 1200], name: "photo.jpg" });
    const out = await sharp((await streamToBuffer("test/a/1-640.webp"))).metadata();
    expect(out.format).toBe("webp");
    expect(out.width).toBe(640);
    expect(out.exif).toBeUndefined();
  });

  it("stores the feed's thumbnail at the size it is drawn, 200 px high, an upright photo at its shape and a wide one cropped square, encoded for size", async () => {
    const portrait = await jpeg(900, 1200);
    const [tall] = await storeMedia("test/thumb-a", [portrait]);
    expect(tall!.variants).toEqual([150, 300, 640, 900]);
    const small = await sharp(await streamToBuffer("test/thumb-a/1-150.webp")).metadata();
    expect([small.width, small.height]).toEqual([150, 200]);

    // A real photo: the thumbnail costs fewer bytes than the post page's encoding of the same pixels would.
    const photo = await sharp(path.resolve(import.meta.dirname, "../bench/photos/coffee.jpg")).resize({ width: 1800 }).jpeg({ quality: 90 }).toBuffer();
    const [m] = await storeMedia("test/thumb-b", [new File([new Uint8Array(photo)], "coffee.jpg", { type: "image/jpeg" })]);
    expect(m!.variants).toEqual([200, 400, 640, 1080, 1600]);
    const thumbnail = await streamToBuffer("test/thumb-b/1-200.webp");
    const thumbnailSize = await sharp(thumbnail).metadata();
    expect([thumbnailSize.width, thumbnailSize.height]).toEqual([200, 200]);
    expect([(await sharp(await streamToBuffer("test/thumb-b/1-400.webp")).metadata()).height]).toEqual([400]);
    // The page's variants keep the whole photo.
    expect((await sharp(await streamToBuffer("test/thumb-b/1-640.webp")).metadata()).height).toBe(Math.round((640 * 1200) / 1800));
    const atGalleryQuality = await sharp(photo).resize({ width: 200, height: 200, fit: "cover" }).webp({ quality: 78, effort: 4 }).toBuffer();
    expect(thumbnail.length).toBeLessThan(atGalleryQuality.length * 0.8);
    expect(thumbnail.length).toBeLessThan(10 * 1024);
  });

  it("applies the camera's orientation", async () => {
    const [m] = await storeMedia("test/b", [await jpeg(300, 200, { orientation: 6 })]);
    expect([m!.width, m!.height]).toEqual([200, 300]);
    const out = await sharp(await streamToBuffer(`test/b/1-${m!.variants!.at(-1)}.webp`)).metadata();
    expect([out.width, out.height]).toEqual([200, 300]);
  });

  it("decides by content, not by name", async () => {
    const text = new File(["just some text"], "sneaky.jpg", { type: "image/jpeg" });
    await expect(storeMedia("test/c", [text])).rejects.toThrow(MediaError);
    await expect(storeMedia("test/c", [text])).rejects.toThrow("Only photos & videos are allowed!");
    // An mp4 is a video whatever it is called (a real one: videos are probed at upload).
    const mp4 = new File([await tinyVideo()], "clip.bin");
    const [v] = await storeMedia("test/d", [mp4]);
    expect(v).toMatchObject({ kind: "video", path: "test/d/1.mp4", mimeType: "video/mp4" });
  });

  it("removes what it wrote when a later file fails", async () => {
    const good = await jpeg(100, 100);
    const bad = new File(["nope"], "b.png");
    await expect(storeMedia("test/e", [good, bad])).rejects.toThrow(MediaError);
    expect(await getStorage().stat("test/e/1-100.webp")).toBeNull();
  });
});

describe("parseRange", () => {
  it("handles the forms players send", () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange("bytes=0-", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=10-19", 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("invalid");
    expect(parseRange("bytes=5-1", 100)).toBe("invalid");
    expect(parseRange("items=1-2", 100)).toBe("invalid");
  });
});

async function streamToBuffer(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await getStorage().read(key))!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
