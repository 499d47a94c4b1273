// Starts another instance of the production server (the build the main one
// runs) with its own database and settings, for tests that need other settings.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { dropDatabase, newDatabaseUrl } from "./database";

const root = path.resolve(import.meta.dirname, "../..");

export type AppServer = { url: string; dir: string; databaseUrl: string; output: () => string; stop: () => Promise<void> };

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const port = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
}

/** The campus sites on *.localhost, for the allowlist of a production-mode server on `port`. */
export function localCampusOrigins(port: number | string): string {
  return ["campusbuysell", "oubuysell", "utbuysell", "smubuysell", "ufbuysell"].map((h) => `http://${h}.localhost:${port}`).join(",");
}

/** How `npm run serve` starts the server: its young generation, React's production build, the app's mode from APP_ENV/NODE_ENV (start-env.mjs). */
export const SERVE_ARGS = ["--max-semi-space-size=64", "--import", pathToFileURL(path.join(root, "start-env.mjs")).href, path.join(root, "build/index.js")];

/** Web Push keys of the servers tests start (production needs them set; made for the tests only). */
export const TEST_VAPID = {
  VAPID_PUBLIC_KEY: "BN7ejoip4P1BUNSageWTKtH-EZKf-kAkgc09UJW5w08XxBKMK7vwae7Vqs31gGnbebxTDkacZxxX8Fk4KVAwfI0",
  VAPID_PRIVATE_KEY: "QsrqNLixv3SLwIkFpvO5p0eyzqgcAP1zaFMGm34F5y8",
};

/** Spawns build/index.js the way `npm run serve` does, with these settings (a value of undefined leaves a default out). */
export function spawnAppServer(env: Record<string, string | undefined>, dir: string) {
  const merged: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    SESSION_SECRET: "e2e-extra-secret",
    PASSWORD_HASH_COST: "12",
    DEV_MAILBOX: "1",
    DATABASE_URL: path.join(dir, "app.db"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    TMPDIR: path.join(dir, "tmp"),
    ...TEST_VAPID,
    ...env,
  };
  const childEnv = Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => e[1] !== undefined)) as NodeJS.ProcessEnv;
  return spawn(process.execPath, SERVE_ARGS, { cwd: root, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * Collects a spawned server's output and resolves once it says where it
 * listens; rejects when it exits first or takes longer than `timeoutMs`.
 */
export function waitUntilListening(child: ReturnType<typeof spawnAppServer>, timeoutMs = 30_000): Promise<{ url: string; port: number; output: () => string }> {
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), timeoutMs);
    const onData = () => {
      const port = output.match(/Listening on http:\/\/localhost:(\d+)/)?.[1];
      if (port) {
        clearTimeout(timer);
        child.stdout.off("data", onData);
        child.stderr.off("data", onData);
        resolve({ url: `http://localhost:${port}`, port: Number(port), output: () => output });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

export async function startAppServer(env: Record<string, string | undefined>): Promise<AppServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-e2e-extra-"));
  // The server's own temporary folder, so a test can check that nothing is left in it.
  fs.mkdirSync(path.join(dir, "tmp"));
  const databaseUrl = await newDatabaseUrl(dir);
  // Links are built from PUBLIC_URL (required in production), so the port is chosen first.
  const port = await freePort();
  const child = spawnAppServer(
    { PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, CAMPUS_ORIGINS: localCampusOrigins(port), DATABASE_URL: databaseUrl, ...env },
    dir,
  );
  const { url, output } = await waitUntilListening(child);
  return {
    url,
    dir,
    databaseUrl,
    output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      await dropDatabase(databaseUrl);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
