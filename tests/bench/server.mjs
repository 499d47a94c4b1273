// Starts the production build on a free port with a fresh database in a temp dir.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export async function startServer({ env = {}, dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-bench-")), port } = {}) {
  port ??= await freePort();
  const child = spawn(process.execPath, ["build/index.js"], {
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
  return { base, dir, pid: child.pid, dbFile: path.join(dir, "app.db"), stop: () => child.kill("SIGTERM") };
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
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
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
