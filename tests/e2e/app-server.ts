// Starts another instance of the production server (the build the main one
// runs) with its own database and settings, for tests that need other settings.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dropDatabase, newDatabaseUrl } from "./database";

const root = path.resolve(import.meta.dirname, "../..");

export type AppServer = { url: string; dir: string; stop: () => Promise<void> };

export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-e2e-extra-"));
  // The server's own temporary folder, so a test can check that nothing is left in it.
  fs.mkdirSync(path.join(dir, "tmp"));
  const databaseUrl = await newDatabaseUrl(dir);
  const child = spawn(process.execPath, [path.join(root, "build/index.js")], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: "0",
      SESSION_SECRET: "e2e-extra-secret",
      DEV_MAILBOX: "1",
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: path.join(dir, "uploads"),
      TMPDIR: path.join(dir, "tmp"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = output.match(/Listening on http:\/\/localhost:(\d+)/)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://localhost:${port}`);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dir,
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
