// Finding ffmpeg and ffprobe, and running them fenced: an argument list (never a
// shell), no stdin, a minimal environment, low priority, bounded threads, a
// wall-clock timeout that kills the whole process group, and a temporary folder
// of their own that is removed on every path.
import { spawn } from "node:child_process";
import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { config } from "../config.server";

export type VideoErrorReason = "unavailable" | "unsupported" | "unreadable" | "no-video" | "too-long" | "timeout" | "failed";

/**
 * Why a video could not be probed or processed. The message is written for the
 * video's author (the job that runs this tells them), the reason for code.
 */
export class VideoError extends Error {
  constructor(
    readonly reason: VideoErrorReason,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "VideoError";
  }
}

export type FfmpegTools = {
  ffmpeg: string;
  ffprobe: string;
  /** `nice`, when the system has one: ffmpeg runs below the web requests. */
  nice: string | null;
  /** Where ffmpeg came from, for the start-up line. */
  source: "FFMPEG_PATH" | "PATH";
};

export type FfmpegLookup = { tools: FfmpegTools | null; description: string };

type Env = Record<string, string | undefined>;

async function isExecutable(file: string): Promise<boolean> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return false;
    await fs.access(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function onPath(name: string, env: Env): Promise<string | null> {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    // An empty or relative PATH entry would resolve against the working directory.
    if (!dir || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

/** ffprobe beside a given ffmpeg: the same folder, the same suffix (`ffmpeg-7` → `ffprobe-7`). */
function besideFfmpeg(ffmpeg: string): string {
  const base = path.basename(ffmpeg);
  const probe = base.includes("ffmpeg") ? base.replace("ffmpeg", "ffprobe") : "ffprobe";
  return path.join(path.dirname(ffmpeg), probe);
}

/**
 * Finds ffmpeg: `FFMPEG_PATH` first, then `ffmpeg` on `PATH` (no npm package ships
 * one). ffprobe: `FFPROBE_PATH`, else beside the ffmpeg found, else on `PATH`.
 */
export async function findFfmpeg(env: Env): Promise<FfmpegLookup> {
  const notes: string[] = [];
  let ffmpeg: string | null = null;
  let source: FfmpegTools["source"] = "PATH";
  const configured = env.FFMPEG_PATH?.trim();
  if (configured) {
    if (path.isAbsolute(configured) && (await isExecutable(configured))) {
      ffmpeg = configured;
      source = "FFMPEG_PATH";
    } else {
      notes.push(`FFMPEG_PATH=${configured} is not an executable file (an absolute path is needed)`);
    }
  }
  ffmpeg ??= await onPath("ffmpeg", env);
  if (!ffmpeg) {
    notes.push("no ffmpeg on PATH");
    return { tools: null, description: `Videos are refused: ${notes.join("; ")} (Debian: apt-get install ffmpeg).` };
  }

  let ffprobe: string | null = null;
  const configuredProbe = env.FFPROBE_PATH?.trim();
  if (configuredProbe) {
    if (path.isAbsolute(configuredProbe) && (await isExecutable(configuredProbe))) ffprobe = configuredProbe;
    else notes.push(`FFPROBE_PATH=${configuredProbe} is not an executable file`);
  }
  if (!ffprobe && source === "FFMPEG_PATH" && (await isExecutable(besideFfmpeg(ffmpeg)))) ffprobe = besideFfmpeg(ffmpeg);
  ffprobe ??= await onPath("ffprobe", env);
  if (!ffprobe) {
    notes.push(`no ffprobe beside ${ffmpeg} or on PATH`);
    return { tools: null, description: `Videos are refused: ${notes.join("; ")} (Debian: apt-get install ffmpeg).` };
  }

  const nice = await onPath("nice", env);
  const from = source === "FFMPEG_PATH" ? "from FFMPEG_PATH" : "from PATH";
  const extra = notes.length ? ` (${notes.join("; ")})` : "";
  return {
    tools: { ffmpeg, ffprobe, nice, source },
    description: `Videos are transcoded with ${ffmpeg} (${from}) and probed with ${ffprobe}${nice ? ", at low priority" : ""}${extra}.`,
  };
}

let lookup: Promise<FfmpegLookup> | undefined;

/** The lookup of this process, made once (the environment does not change while it runs). */
export function ffmpegLookup(): Promise<FfmpegLookup> {
  const { ffmpegPath, ffprobePath } = config().video;
  lookup ??= findFfmpeg({ FFMPEG_PATH: ffmpegPath, FFPROBE_PATH: ffprobePath, PATH: process.env.PATH });
  return lookup;
}

/** The one line start-up logs: which ffmpeg is used, or that videos are refused. */
export async function describeFfmpeg(): Promise<string> {
  return (await ffmpegLookup()).description;
}

/** Tests: look again (after changing FFMPEG_PATH or PATH and calling resetConfig). */
export function resetFfmpegLookup(): void {
  lookup = undefined;
}

async function requireTools(): Promise<FfmpegTools> {
  const { tools } = await ffmpegLookup();
  if (!tools) throw new VideoError("unavailable", "Videos can't be processed on this server right now.");
  return tools;
}

/**
 * Threads one ffmpeg may use: at most two. It runs at low priority (`nice`), so on
 * a small machine the web requests still come first; the cap keeps a big machine's
 * other cores for other jobs and processes.
 */
export const FFMPEG_THREADS = Math.min(2, os.availableParallelism());

/** How much of a tool's output is kept: ffprobe's JSON is small; stderr only for the error message. */
const MAX_STDOUT = 4 * 1024 * 1024;
const STDERR_TAIL = 4000;

export type RunOptions = {
  /** Wall-clock limit; the process group is killed when it passes. */
  timeoutMs: number;
  cwd?: string;
  /** Tests: the id of the process started (the process group's leader). */
  onSpawn?: (pid: number) => void;
};

export type RunResult = { stdout: string; stderr: string };

/**
 * Runs ffmpeg or ffprobe with an argument list (ffmpeg's always starts with
 * `-nostdin` and a thread limit). The child gets no stdin, only PATH,
 * NODE_ENV and a C locale from our environment (no secrets), and its own process group, so a
 * timeout kills it and anything it started. Resolves with its output when it exits
 * with 0; otherwise throws a VideoError ("timeout" or "failed").
 */
export async function runTool(tool: "ffmpeg" | "ffprobe", args: readonly string[], options: RunOptions): Promise<RunResult> {
  const tools = await requireTools();
  const binary = tools[tool];
  // Given here so no caller can forget them; ffmpeg's `-threads` before the input bounds the decoder.
  // ffmpeg also limits its own CPU time (`-timelimit`, all its threads together), so a
  // copy left behind by a Node process that died ends by itself; set so that it never
  // comes before the wall-clock limit below, even with every core busy all along.
  const cpuSeconds = Math.ceil(options.timeoutMs / 1000) * os.availableParallelism();
  const fenced =
    tool === "ffmpeg"
      ? ["-nostdin", "-hide_banner", "-loglevel", "error", "-timelimit", String(cpuSeconds), "-threads", String(FFMPEG_THREADS), ...args]
      : ["-hide_banner", ...args];
  const command: string = tools.nice ?? binary;
  const argv: string[] = tools.nice ? ["-n", "10", binary, ...fenced] : fenced;
  return new Promise<RunResult>((resolve, reject) => {
    const child = spawn(command, argv, {
      cwd: options.cwd,
      env: { NODE_ENV: process.env.NODE_ENV, PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      shell: false,
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    let timedOut = false;
    let settled = false;
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_STDOUT) killGroup();
      else stdout.push(chunk);
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    const finish = (error: VideoError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve({ stdout: Buffer.concat(stdout).toString("utf8"), stderr });
    };
    child.on("error", (error) => finish(new VideoError("failed", "The video could not be processed.", `${tool}: ${error.message}`)));
    child.on("close", (code, signal) => {
      if (timedOut) finish(new VideoError("timeout", "Processing the video took too long.", `${tool} killed after ${options.timeoutMs} ms`));
      else if (code === 0) finish(null);
      else if (stdoutBytes > MAX_STDOUT) finish(new VideoError("failed", "The video could not be processed.", `${tool}: output too large`));
      else finish(new VideoError("failed", "The video could not be processed.", `${tool} exited with ${code ?? signal}: ${stderr.trim()}`));
    });
  });
}

/** The prefix of the temporary folders ffmpeg works in (tests look for leftovers by it). */
export const WORKSPACE_PREFIX = "campus-video-";

/**
 * Runs `work` in a new folder under the system temporary folder (TMPDIR) and
 * removes the folder afterwards, whether `work` succeeded, threw or timed out.
 */
export async function withWorkspace<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), WORKSPACE_PREFIX));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Moves a finished file out of the workspace (a copy when the two are on different file systems). */
export async function moveInto(file: string, target: string): Promise<void> {
  try {
    await fs.rename(file, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await fs.copyFile(file, target);
  }
}
