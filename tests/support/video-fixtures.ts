// Video fixtures made with ffmpeg at test time (no video is committed): the kinds of
// file users upload that browsers cannot play or should not be sent as they are.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

async function ffmpeg(args: string[]): Promise<void> {
  await run("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", ...args], { maxBuffer: 16 * 1024 * 1024 });
}

/** Whether this ffmpeg has an encoder (`ffmpeg -encoders`). */
export async function hasEncoder(name: string): Promise<boolean> {
  const { stdout } = await run("ffmpeg", ["-hide_banner", "-encoders"], { maxBuffer: 4 * 1024 * 1024 });
  return stdout.split("\n").some((line) => line.trim().split(/\s+/)[1] === name);
}

/** A test picture with moving content (so encoders have work) for `seconds`. */
const picture = (size: string, fps: number, seconds: number) => ["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=${fps}:duration=${seconds}`];
const tone = (seconds: number, layout: "mono" | "stereo" = "stereo", rate = 48_000) => [
  "-f",
  "lavfi",
  "-i",
  `sine=frequency=440:sample_rate=${rate}:duration=${seconds},aformat=channel_layouts=${layout}`,
];

export type VideoFixtures = {
  dir: string;
  /** 640×480 25 fps 3 s, MPEG-4 Part 2 video and MP3 audio in an AVI. */
  avi: string;
  /** 640×360 30 fps 3 s HEVC (libx265, or null when this ffmpeg lacks it) and AAC in a QuickTime .mov, as iPhones record. */
  hevcMov: string | null;
  /** 1920×1080 30 fps 10 s H.264 at about 20 Mbit/s (noise keeps it from compressing) with stereo AAC. */
  fullHd: string;
  /** A phone held upright: 640×360 coded, a quarter-turn display matrix, 60 fps, mono AAC at 44.1 kHz. */
  rotated: string;
  /** Already playable everywhere: 640×360 30 fps 3 s H.264 Main, AAC-LC stereo 96 kbit/s, index at the end. */
  compliant: string;
  /** MPEG-4 Part 2 in an MP4 with no audio track. */
  silent: string;
  /** A real MP4's first 8 KB followed by random bytes. */
  corrupt: string;
  /** 181 s of 16×16 video, one second over the limit. */
  tooLong: string;
};

/** Rotation as a display matrix: `-display_rotation` from ffmpeg 6, the `rotate` tag before it. */
async function addRotation(input: string, output: string): Promise<void> {
  const { stdout: full } = await run("ffmpeg", ["-hide_banner", "-h", "full"], { maxBuffer: 64 * 1024 * 1024 });
  if (full.includes("-display_rotation")) await ffmpeg(["-display_rotation:v:0", "90", "-i", input, "-c", "copy", output]);
  else await ffmpeg(["-i", input, "-c", "copy", "-metadata:s:v:0", "rotate=90", output]);
}

export async function makeVideoFixtures(dir: string): Promise<VideoFixtures> {
  await fs.mkdir(dir, { recursive: true });
  const at = (name: string) => path.join(dir, name);
  const x265 = await hasEncoder("libx265");
  const fixtures: VideoFixtures = {
    dir,
    avi: at("clip.avi"),
    hevcMov: x265 ? at("iphone.mov") : null,
    fullHd: at("fullhd.mp4"),
    rotated: at("portrait.mp4"),
    compliant: at("compliant.mp4"),
    silent: at("silent.mp4"),
    corrupt: at("corrupt.mp4"),
    tooLong: at("long.mp4"),
  };
  const unrotated = at("portrait-unrotated.mp4");
  await Promise.all([
    ffmpeg([...picture("640x480", 25, 3), ...tone(3), "-c:v", "mpeg4", "-q:v", "5", "-c:a", "libmp3lame", "-b:a", "128k", "-shortest", fixtures.avi]),
    x265 && fixtures.hevcMov
      ? ffmpeg([
          ...picture("640x360", 30, 3),
          ...tone(3),
          "-c:v",
          "libx265",
          "-preset",
          "ultrafast",
          "-x265-params",
          "log-level=error",
          "-tag:v",
          "hvc1",
          "-pix_fmt",
          "yuv420p",
          "-c:a",
          "aac",
          "-shortest",
          "-f",
          "mov",
          fixtures.hevcMov,
        ])
      : Promise.resolve(),
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=1920x1080:rate=30:duration=10,noise=alls=24:allf=t+u",
      ...tone(10),
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-b:v",
      "20M",
      "-maxrate",
      "20M",
      "-bufsize",
      "20M",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-b:a",
      "192k",
      "-shortest",
      fixtures.fullHd,
    ]),
    ffmpeg([...picture("640x360", 60, 2), ...tone(2, "mono", 44_100), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", unrotated]).then(() =>
      addRotation(unrotated, fixtures.rotated),
    ),
    ffmpeg([
      ...picture("640x360", 30, 3),
      ...tone(3),
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-profile:v",
      "main",
      "-pix_fmt",
      "yuv420p",
      "-b:v",
      "300k",
      "-maxrate",
      "300k",
      "-bufsize",
      "600k",
      "-c:a",
      "aac",
      "-b:a",
      "96k",
      "-ac",
      "2",
      "-shortest",
      fixtures.compliant,
    ]).then(async () => {
      const head = (await fs.readFile(fixtures.compliant)).subarray(0, 8192);
      await fs.writeFile(fixtures.corrupt, Buffer.concat([head, randomBytes(64 * 1024)]));
    }),
    ffmpeg([...picture("320x240", 24, 2), "-c:v", "mpeg4", "-q:v", "5", fixtures.silent]),
    ffmpeg(["-f", "lavfi", "-i", "color=c=gray:size=16x16:rate=2:duration=181", "-c:v", "libx264", "-preset", "ultrafast", fixtures.tooLong]),
  ]);
  return fixtures;
}

/** ffprobe's view of a file, for assertions. */
export type Probed = {
  streams: {
    codec_type: string;
    codec_name: string;
    profile?: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    avg_frame_rate?: string;
    bit_rate?: string;
    channels?: number;
    side_data_list?: { side_data_type?: string; rotation?: number }[];
    tags?: Record<string, string>;
  }[];
  format: { duration: string; format_name: string; tags?: Record<string, string> };
};

export async function ffprobeJson(file: string): Promise<Probed> {
  const { stdout } = await run("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Probed;
}

/** The top-level boxes of an MP4, in order (`ftyp`, `moov`, `mdat`…). */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const data = await fs.readFile(file);
  const boxes: string[] = [];
  let offset = 0;
  while (offset + 8 <= data.length) {
    let size = data.readUInt32BE(offset);
    const type = data.toString("latin1", offset + 4, offset + 8);
    if (size === 1) size = Number(data.readBigUInt64BE(offset + 8));
    else if (size === 0) size = data.length - offset;
    boxes.push(type);
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

let tiny: Promise<Uint8Array<ArrayBuffer>> | undefined;

/** A real, very small MP4 (1 s, 64×64 H.264, no audio) for tests that upload "a video" and are about something else. */
export function tinyVideo(): Promise<Uint8Array<ArrayBuffer>> {
  tiny ??= (async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-tiny-video-"));
    try {
      const file = path.join(dir, "tiny.mp4");
      await ffmpeg([...picture("64x64", 10, 1), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", file]);
      return new Uint8Array(await fs.readFile(file));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  })();
  return tiny;
}
