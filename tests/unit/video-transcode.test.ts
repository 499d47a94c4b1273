// The transcoder below the video feature: every kind of upload becomes an MP4 that
// plays everywhere (H.264/AAC, yuv420p, ≤ 1280 px, ≤ 30 fps, rotation applied), a
// compliant one is only remuxed, bad ones are typed errors, and ffmpeg's temporary
// folders never outlive a call. Fixtures are made with ffmpeg at test time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeFfmpeg, findFfmpeg, runTool, VideoError, WORKSPACE_PREFIX } from "~/services/video/ffmpeg.server";
import { probe } from "~/services/video/probe.server";
import { posters, transcode, videoBitrateCap } from "~/services/video/transcode.server";
import { VIDEO_TOO_LONG } from "~/utils/video-rules";
import { ffprobeJson, makeVideoFixtures, topLevelBoxes, type Probed, type VideoFixtures } from "../support/video-fixtures";

// ffmpeg's workspaces go into a folder of this file's own, so leftovers are visible.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "campus-video-test-"));
const previousTmp = process.env.TMPDIR;
process.env.TMPDIR = path.join(tmp, "tmp");
fs.mkdirSync(process.env.TMPDIR);
let fx: VideoFixtures;
let outCount = 0;
const outDir = () => path.join(tmp, `out-${++outCount}`);

beforeAll(async () => {
  fx = await makeVideoFixtures(path.join(tmp, "fixtures"));
}, 300_000);

afterAll(() => {
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  fs.rmSync(tmp, { recursive: true, force: true });
});

function leftovers(): string[] {
  return fs.readdirSync(path.join(tmp, "tmp")).filter((name) => name.startsWith(WORKSPACE_PREFIX));
}
beforeEach(() => {
  expect(leftovers()).toEqual([]);
});

const video = (p: Probed) => p.streams.find((s) => s.codec_type === "video")!;
const audio = (p: Probed) => p.streams.find((s) => s.codec_type === "audio");
const fps = (rate = "0/1") => {
  const [n = 0, d = 1] = rate.split("/").map(Number);
  return n / d;
};
const rotationOf = (p: Probed) => video(p).side_data_list?.find((d) => d.side_data_type === "Display Matrix")?.rotation ?? 0;

/** What every transcoded file must be, whatever it came from. */
async function expectPlayable(file: string, expected: { width: number; height: number; duration: number; audio: boolean }) {
  const probed = await ffprobeJson(file);
  const v = video(probed);
  expect(probed.format.format_name).toContain("mp4");
  expect(v.codec_name).toBe("h264");
  expect(["High", "Main", "Constrained Baseline"]).toContain(v.profile);
  expect(v.pix_fmt).toBe("yuv420p");
  expect([v.width, v.height]).toEqual([expected.width, expected.height]);
  expect(Math.max(v.width ?? 0, v.height ?? 0)).toBeLessThanOrEqual(1280);
  expect(fps(v.avg_frame_rate)).toBeLessThanOrEqual(30.01);
  expect(rotationOf(probed)).toBe(0);
  expect(v.tags?.rotate).toBeUndefined();
  expect(Math.abs(Number(probed.format.duration) - expected.duration)).toBeLessThanOrEqual(0.5);
  const a = audio(probed);
  if (expected.audio) {
    expect(a?.codec_name).toBe("aac");
    expect(a?.profile).toBe("LC");
    expect(a?.channels).toBe(2);
  } else {
    expect(a).toBeUndefined();
  }
  // The index comes first, so a player starts before the whole file arrived.
  const boxes = await topLevelBoxes(file);
  expect(boxes.indexOf("moov")).toBeGreaterThan(-1);
  expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));
  return probed;
}

describe("finding ffmpeg", () => {
  it("prefers FFMPEG_PATH, finds ffprobe beside it, and says so in one line", async () => {
    const found = await findFfmpeg({ PATH: "/nowhere", FFMPEG_PATH: "/usr/bin/ffmpeg" });
    expect(found.tools).toMatchObject({ ffmpeg: "/usr/bin/ffmpeg", ffprobe: "/usr/bin/ffprobe", source: "FFMPEG_PATH" });
    expect(found.description).toMatch(/^Videos are transcoded with \/usr\/bin\/ffmpeg \(from FFMPEG_PATH\)/);
    expect(found.description).not.toContain("\n");
  });

  it("falls back to PATH, and refuses videos when there is none", async () => {
    const fromPath = await findFfmpeg({ PATH: "/usr/local/bin:/usr/bin:/bin", FFMPEG_PATH: "/missing/ffmpeg" });
    expect(fromPath.tools?.source).toBe("PATH");
    expect(fromPath.description).toContain("FFMPEG_PATH=/missing/ffmpeg is not an executable file");
    const none = await findFfmpeg({ PATH: tmp });
    expect(none.tools).toBeNull();
    expect(none.description).toBe("Videos are refused: no ffmpeg on PATH (Debian: apt-get install ffmpeg).");
    expect(await describeFfmpeg()).toMatch(/^Videos are transcoded with /);
  });
});

describe("probe", () => {
  it("reads size, length, frame rate, rotation, codecs and container", async () => {
    const info = await probe(fx.rotated);
    expect(info).toMatchObject({
      container: "mov",
      width: 640,
      height: 360,
      displayWidth: 360,
      displayHeight: 640,
      videoCodec: "h264",
      pixelFormat: "yuv420p",
      audioCodec: "aac",
      audioChannels: 1,
    });
    expect([90, 270]).toContain(info.rotation);
    expect(info.fps).toBeCloseTo(60, 0);
    expect(info.duration).toBeCloseTo(2, 0);
    const avi = await probe(fx.avi);
    expect(avi).toMatchObject({ container: "avi", mime: "video/vnd.avi", videoCodec: "mpeg4", audioCodec: "mp3", rotation: 0 });
    expect(leftovers()).toEqual([]);
  });

  it("refuses a damaged file, and a file that is no video, with a typed error", async () => {
    const error = await probe(fx.corrupt).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoError);
    expect((error as VideoError).reason).toBe("unreadable");
    const text = path.join(tmp, "notes.mp4");
    fs.writeFileSync(text, "not a video at all");
    expect(await probe(text).catch((e: unknown) => (e as VideoError).reason)).toBe("unsupported");
    expect(leftovers()).toEqual([]);
  });
});

// ffmpeg runs at low priority: on a busy machine it waits its turn.
describe("transcode", { timeout: 60_000 }, () => {
  it("turns an AVI (MPEG-4 Part 2 + MP3) into H.264/AAC MP4", async () => {
    const out = await transcode(fx.avi, outDir());
    expect(out).toMatchObject({ width: 640, height: 480, remuxed: false });
    expect(out.duration).toBeCloseTo(3, 0);
    await expectPlayable(out.path, { width: 640, height: 480, duration: 3, audio: true });
  });

  it("turns an iPhone's HEVC .mov into H.264/AAC MP4", async (ctx) => {
    if (!fx.hevcMov) ctx.skip();
    const out = await transcode(fx.hevcMov!, outDir());
    await expectPlayable(out.path, { width: 640, height: 360, duration: 3, audio: true });
  });

  let upright: string | undefined;
  it("applies a phone's rotation, caps 60 fps at 30 and makes mono audio stereo", async () => {
    const out = await transcode(fx.rotated, outDir());
    upright = out.path;
    expect([out.width, out.height]).toEqual([360, 640]);
    const probed = await expectPlayable(out.path, { width: 360, height: 640, duration: 2, audio: true });
    expect(fps(video(probed).avg_frame_rate)).toBeCloseTo(30, 0);
  });

  it("keeps a silent video silent", async () => {
    const out = await transcode(fx.silent, outDir());
    await expectPlayable(out.path, { width: 320, height: 240, duration: 2, audio: false });
  });

  it("only remuxes a file that already plays everywhere, putting its index first", async () => {
    const before = await ffprobeJson(fx.compliant);
    expect((await topLevelBoxes(fx.compliant)).indexOf("moov")).toBeGreaterThan((await topLevelBoxes(fx.compliant)).indexOf("mdat"));
    const out = await transcode(fx.compliant, outDir());
    expect(out.remuxed).toBe(true);
    const after = await expectPlayable(out.path, { width: 640, height: 360, duration: 3, audio: true });
    // The same encoded stream: copied, not encoded again.
    expect(video(after).bit_rate).toBe(video(before).bit_rate);
    expect(video(after).profile).toBe("Main");
  });

  it("brings a 10 s 1080p 20 Mbit/s clip down to 720p within the budget, with posters", async () => {
    const started = performance.now();
    const out = await transcode(fx.fullHd, outDir());
    const seconds = (performance.now() - started) / 1000;
    const probed = await expectPlayable(out.path, { width: 1280, height: 720, duration: 10, audio: true });
    const bytes = fs.statSync(out.path).size;
    expect(bytes).toBeLessThanOrEqual(2.5 * 1024 * 1024);
    expect(Number(video(probed).bit_rate)).toBeLessThanOrEqual(videoBitrateCap(1280, 720) * 1.1);

    const made = await posters(out.path, path.dirname(out.path));
    expect([made.thumbnail.width, made.thumbnail.height]).toEqual([200, 200]);
    expect([made.thumbnail2x.width, made.thumbnail2x.height]).toEqual([400, 400]);
    expect([made.large.width, made.large.height]).toEqual([640, 360]);
    const sizes = [made.thumbnail, made.thumbnail2x, made.large].map((p) => fs.statSync(p.path).size);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(25 * 1024);
    expect(fs.readFileSync(made.large.path).subarray(8, 12).toString("latin1")).toBe("WEBP");
    // The numbers the issue asks for, on a machine shared with other work.
    console.info(
      `1080p 10 s clip: transcoded in ${seconds.toFixed(1)} s to ${(bytes / 1024 / 1024).toFixed(2)} MB; posters ${sizes.map((s) => `${(s / 1024).toFixed(1)} KB`).join(", ")}`,
    );
  }, 300_000);

  it("makes posters of an upright clip at the thumbnail's shape", async () => {
    expect(upright).toBeDefined();
    const made = await posters(upright!, outDir());
    expect([made.thumbnail.width, made.thumbnail.height]).toEqual([113, 200]);
    expect([made.large.width, made.large.height]).toEqual([360, 640]);
  });

  it("refuses a damaged file with a typed error and writes nothing", async () => {
    const dir = outDir();
    const error = await transcode(fx.corrupt, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoError);
    expect((error as VideoError).reason).toBe("unreadable");
    expect(fs.existsSync(dir)).toBe(false);
  });

  it("refuses a video longer than 3 minutes with the upload's words", async () => {
    const error = await transcode(fx.tooLong, outDir()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoError);
    expect((error as VideoError).reason).toBe("too-long");
    expect((error as VideoError).message).toBe(VIDEO_TOO_LONG);
    expect(VIDEO_TOO_LONG).toBe("Videos can be at most 3 minutes long.");
  });

  it("kills ffmpeg when it runs out of time, and removes its folder", async () => {
    const pids: number[] = [];
    const error = await transcode(fx.fullHd, outDir(), { timeoutMs: 300, onSpawn: (pid) => pids.push(pid) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoError);
    expect((error as VideoError).reason).toBe("timeout");
    expect(pids).toHaveLength(1);
    expect(() => process.kill(pids[0] ?? 0, 0)).toThrow();
    expect(leftovers()).toEqual([]);
  });

  it("runs ffmpeg with no shell: an argument is never interpreted", async () => {
    const marker = path.join(tmp, "shell-ran");
    const error = await runTool("ffmpeg", ["-nostdin", "-i", `x; touch ${marker}`], { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect((error as VideoError).reason).toBe("failed");
    expect(fs.existsSync(marker)).toBe(false);
  });
});
