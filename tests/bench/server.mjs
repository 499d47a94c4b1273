// Starts the production build on a free port with a fresh database in a temp dir.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import Database from "better-sqlite3";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * The node flags `npm run serve` starts the server with (its young generation,
 * start-env.mjs), read from the package.json in `cwd`: the bench measures the
 * server as it is served.
 */
export function serveFlags(cwd = process.cwd()) {
  const words = (JSON.parse(fs.readFileSync(path.join(cwd, "package.json"), "utf8")).scripts.serve ?? "").split(" ");
  return words.slice(1, words.indexOf("build/index.js"));
}

/** `nodeArgs`: flags for node itself (the profile script passes --cpu-prof), before the serve command's. */
export async function startServer({ env = {}, dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-bench-")), port, nodeArgs = [] } = {}) {
  port ??= await freePort();
  const child = spawn(process.execPath, [...nodeArgs, ...serveFlags(), "build/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "bench",
      DEV_MAILBOX: "1",
      SEED_DEMO: "1",
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: path.join(dir, "app.db"),
      UPLOADS_DIR: path.join(dir, "uploads"),
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const base = `http://localhost:${port}`;
  // The first start migrates and seeds (photos drawn with sharp): allow three minutes on a busy machine.
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (i === 900) {
      child.kill("SIGTERM");
      throw new Error(`The server on ${base} did not answer /healthz within three minutes`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return { base, dir, pid: child.pid, dbFile: path.join(dir, "app.db"), stop: () => child.kill("SIGTERM"), exited };
}

/** A tiny cookie jar over fetch, enough to act as one signed-in user. */
export function client(base) {
  const jar = new Map();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  async function request(path, init = {}) {
    const res = await fetch(new URL(path, base), { ...init, redirect: "manual", headers: { ...init.headers, Cookie: cookieHeader() } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair.indexOf("=");
      // A cookie set empty or already expired is removed, as a browser removes it.
      if (eq === pair.length - 1 || /;\s*max-age=0\b/i.test(c)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }
  return { request, cookies: () => [...jar] };
}

/** Signs a school-verified user up through /register and the verification link. */
export async function signUpViaHttp(base, email) {
  const c = client(base);
  const form = new URLSearchParams({ email, name: "Bench Seller", password: "bench password 1", terms: "on" });
  await c.request("/register", { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  const mail = await (await c.request(`/dev/mail?to=${encodeURIComponent(email)}`)).text();
  const link = mail.match(/href="([^"]*\/verify\?token=[^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
  if (!link) throw new Error("No verification link in the dev mailbox");
  await c.request(new URL(link).pathname + new URL(link).search);
  return c;
}

/** Adds `count` posts (three in four listings) to the SQLite database `dbFile`, spread over its users. */
export function seedPosts(dbFile, count) {
  const db = new Database(dbFile);
  db.pragma("journal_mode = WAL");
  const authors = db.prepare("select id, campus_id from users").all();
  const insert = db.prepare(
    "insert into posts (id, campus_id, author_id, text, category, price_cents, created_at, last_activity_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const categories = [null, "books movies & music", "furniture", "tickets", "household", "computers & accessories"];
  const start = Date.now() - count * 60_000;
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const a = authors[i % authors.length];
      const at = start + i * 60_000;
      const text = JSON.stringify([{ text: `Bench listing ${i}: lightly used, pick up on campus.` }, { text: "Message me with questions." }]);
      const cents = i % 4 === 0 ? null : ((i * 7919) % 500 + 1) * 100; // three in four are listings
      insert.run(crypto.randomBytes(12).toString("base64url"), a.campus_id, a.id, text, categories[i % categories.length], cents, at, at, at);
    }
  })();
  db.close();
}

/**
 * Adds `count` posts (three in four listings) to the PostgreSQL database at
 * `url`, spread over its users, then VACUUMs and ANALYZEs, as a running
 * database's autovacuum would have long before: otherwise that vacuum of the
 * new rows lands in the middle of a measurement, taking a core from it.
 */
export async function seedPostsPg(url, count) {
  const BATCH = 5_000;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: authors } = await client.query("select id, campus_id from users");
    const categories = [null, "books movies & music", "furniture", "tickets", "household", "computers & accessories"];
    const start = Date.now() - count * 60_000;
    for (let from = 0; from < count; from += BATCH) {
      const values = [];
      const params = [];
      for (let i = from; i < Math.min(count, from + BATCH); i++) {
        const a = authors[i % authors.length];
        const at = start + i * 60_000;
        const text = JSON.stringify([{ text: `Bench listing ${i}: lightly used, pick up on campus.` }, { text: "Message me with questions." }]);
        const n = params.length;
        const cents = i % 4 === 0 ? null : ((i * 7919) % 500 + 1) * 100; // three in four are listings
        values.push(`($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}::jsonb, $${n + 5}, $${n + 7}, $${n + 6}, $${n + 6}, $${n + 6})`);
        params.push(crypto.randomBytes(12).toString("base64url"), a.campus_id, a.id, text, categories[i % categories.length], at, cents);
      }
      await client.query(
        `insert into posts (id, campus_id, author_id, text, category, price_cents, created_at, last_activity_at, updated_at) values ${values.join(", ")}`,
        params,
      );
    }
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
}
