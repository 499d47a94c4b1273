// Several production app processes (build/index.js) serving one site: one
// database, one bucket, one mail provider, each process on its own port with
// its own uploads and temporary folders (so nothing can be shared through a
// local disk). They all answer for the same site origin (PUBLIC_URL and
// CAMPUS_ORIGINS on `sitePort`), as they would behind a reverse proxy that
// keeps the Host header: send each request to any process's port with that
// Host (tests/support/http.ts). A proxy listening on `sitePort` can be put in
// front later.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, localCampusOrigins, spawnAppServer, waitUntilListening } from "../e2e/app-server";

export type AppProcess = {
  name: string;
  port: number;
  pid: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or null after a signal) once the process has exited. */
  exited: Promise<number | null>;
};

export type AppCluster = {
  processes: AppProcess[];
  /** The site's host (localhost:<sitePort>): the Host header of every request. */
  host: string;
  sitePort: number;
  sessionSecret: string;
  /** Stops the processes that still run (SIGTERM, then SIGKILL after 30 s) and removes their folders. */
  stop(): Promise<void>;
};

export async function startAppCluster(opts: { count: number; env: Record<string, string | undefined>; sitePort?: number }): Promise<AppCluster> {
  const sitePort = opts.sitePort ?? (await freePort());
  const host = `localhost:${sitePort}`;
  const sessionSecret = "cluster-session-secret";
  const shared = {
    PUBLIC_URL: `http://${host}`,
    CAMPUS_ORIGINS: localCampusOrigins(sitePort),
    SESSION_SECRET: sessionSecret,
    PASSWORD_HASH_COST: "12",
    SEED_DEMO: "0",
    ...opts.env,
  };
  const dirs: string[] = [];
  const spawned = await Promise.all(
    Array.from({ length: opts.count }, async (_, i) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `campus-cluster-${i}-`));
      dirs.push(dir);
      fs.mkdirSync(path.join(dir, "tmp"));
      const port = await freePort();
      return { dir, port, child: spawnAppServer({ ...shared, PORT: String(port) }, dir) };
    }),
  );
  // Started together; each is waited for after all have been spawned.
  let processes: AppProcess[];
  try {
    processes = await Promise.all(
      spawned.map(async ({ port, child }, i) => {
        const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
        const { output } = await waitUntilListening(child, 60_000);
        return { name: String.fromCharCode(65 + i), port, pid: child.pid!, child, output, exited };
      }),
    );
  } catch (error) {
    for (const { child } of spawned) child.kill("SIGKILL");
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    processes,
    host,
    sitePort,
    sessionSecret,
    async stop() {
      await Promise.all(
        processes.map(async (p) => {
          if (p.child.exitCode !== null || p.child.signalCode !== null) return;
          p.child.kill("SIGTERM");
          const killer = setTimeout(() => p.child.kill("SIGKILL"), 30_000);
          await p.exited;
          clearTimeout(killer);
        }),
      );
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
