// Two production app processes serving one site over one PostgreSQL database,
// one S3-compatible bucket (s3rver) and one mail provider (a fake Resend):
// what a visitor gets must not depend on which process answers, and nothing
// may be lost or done twice. Run through tests/pg/run.mjs (npm run test:cluster).
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import pg from "pg";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, dropDatabases, testServerUrl, uniqueName } from "../pg/databases.mjs";
import { startAppCluster, type AppCluster, type AppProcess } from "../support/app-cluster";
import { startFakeResend, type FakeResend } from "../support/fake-resend";
import { cookiesOf, multipart, postForm, send, type Answer, type SendError } from "../support/http";
import { startS3Server, type S3Server } from "../support/s3-server";
import { tinyVideo } from "../support/video-fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TOO_MANY =
  "Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.";

if (!testServerUrl()) throw new Error("TEST_DATABASE_URL is not set: run this through `npm run test:cluster` (tests/pg/run.mjs)");

const prefix = uniqueName("campus_cluster");
let databaseUrl: string;
let db: pg.Pool;
let s3: S3Server;
let resend: FakeResend;
let cluster: AppCluster;
let A: AppProcess;
let B: AppProcess;

beforeAll(async () => {
  databaseUrl = await createDatabase(prefix);
  db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  s3 = await startS3Server();
  // Each send takes a moment, so SIGTERM can find one in flight.
  resend = await startFakeResend({ delayMs: 30 });
  // Both processes start at once on the fresh database: the migrations and the seed must not collide.
  cluster = await startAppCluster({
    count: 2,
    env: {
      DATABASE_URL: databaseUrl,
      ...s3.env,
      RESEND_API_KEY: "re_cluster_key",
      RESEND_BASE_URL: resend.url,
      DEV_MAILBOX: "1",
      SHUTDOWN_GRACE_SECONDS: "20",
      // The video stays as uploaded here (its processing is tests/cluster/video-jobs.test.ts's).
      VIDEO_WORKERS: "0",
    },
  });
  [A, B] = cluster.processes as [AppProcess, AppProcess];
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
  await db?.end();
  await resend?.stop();
  await s3?.stop();
  if (databaseUrl) await dropDatabases(prefix);
}, 60_000);

// When a check fails, what the processes logged says why.
afterEach((ctx) => {
  if (ctx.task.result?.state !== "fail") return;
  for (const p of cluster?.processes ?? []) console.error(`--- process ${p.name} (last lines)\n${p.output().slice(-4000)}`);
});

const host = () => cluster.host;
const get = (p: AppProcess, url: string, cookie?: string, headers: Record<string, string> = {}) =>
  send(p, url, { host: host(), headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
const post = (p: AppProcess, url: string, fields: Record<string, string>, cookie?: string) => postForm(p, url, fields, { host: host(), cookie });
const both = () => [A, B] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(sql, params)).rows;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

type Student = { id: string; email: string; cookie: string };

/**
 * School-verified OU students with a signed-in session each, written straight
 * into the database: signing 150 people up through /register (scrypt,
 * verification emails) would take minutes, and the sign-up flow is not what
 * these checks are about — one user below signs up through the forms. The
 * cookie is signed with the processes' SESSION_SECRET the way the app signs it.
 */
async function createStudents(count: number, label: string): Promise<Student[]> {
  const cookie = createCookie("__session", { path: "/", httpOnly: true, sameSite: "lax", secrets: [cluster.sessionSecret] });
  const now = Date.now();
  const students: Student[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomBytes(12).toString("base64url");
    const token = randomBytes(32).toString("base64url");
    const email = `${label}${i}@ou.edu`;
    await query(
      `insert into users (id, campus_id, first_name, last_name, username, email, verified, school_verified, profile_set_up)
       values ($1, 'ou', $2, 'Student', $3, $4, true, true, true)`,
      [id, `${label[0]!.toUpperCase()}${label.slice(1)}${i}`, `${label}-${i}`, email],
    );
    await query("insert into sessions (id, user_id, expires_at, created_at) values ($1, $2, $3, $4)", [
      createHash("sha256").update(token).digest("base64url"),
      id,
      now + 30 * 24 * 3600_000,
      now,
    ]);
    students.push({ id, email, cookie: (await cookie.serialize(token)).split(";")[0]! });
  }
  return students;
}

/** A post by `author` through `p`'s composer (/create/post), with files; its id. */
async function createPost(p: AppProcess, author: Student, text: string, files: File[] = []): Promise<string> {
  const form = new FormData();
  form.set("text", text);
  form.set("category", "all");
  form.set("intent", "send");
  for (const file of files) form.append("files", file);
  const { body, contentType } = await multipart(form);
  const res = await send(p, "/create/post", {
    method: "POST",
    host: host(),
    headers: { "Content-Type": contentType, Origin: `http://${host()}`, Cookie: author.cookie },
    body,
  });
  expect(res.status, res.text.slice(0, 400)).toBe(302);
  const [row] = await query<{ id: string }>("select id from posts where author_id = $1 and parent_id is null order by created_at desc limit 1", [author.id]);
  return row!.id;
}

async function photo(width: number, height: number): Promise<File> {
  return new File([new Uint8Array(await sharp({ create: { width, height, channels: 3, background: "#3a7" } }).jpeg().toBuffer())], "desk.jpg");
}

/** A real (tiny) MP4: videos are probed at upload. */
async function video(): Promise<File> {
  return new File([await tinyVideo()], "clip.mp4");
}

describe("two processes, one database, one bucket", () => {
  it("started together on a fresh database: migrated once, seeded once, both serving", async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(ROOT, "db/migrations-pg/meta/_journal.json"), "utf8")) as { entries: unknown[] };
    expect(await query("select hash from drizzle.__drizzle_migrations")).toHaveLength(journal.entries.length);
    expect(await query("select id from campuses")).toHaveLength(5);
    expect(await query("select id from users where role = 'owner'")).toHaveLength(1);
    for (const p of both()) {
      expect((await get(p, "/healthz")).status).toBe(200);
      expect(p.output()).not.toMatch(/error/i);
    }
  });

  it("a user signed up on A is signed in on B with the same cookie", async () => {
    const email = "newcomer@ou.edu";
    const registered = await post(A, "/register", { email, name: "New Comer", password: "cluster password 1", terms: "on" });
    expect(registered.status, registered.text.slice(0, 400)).toBe(302);
    let cookie = cookiesOf(registered);
    // The verification email, read on B; the code typed in on B.
    const mailbox = await get(B, `/dev/mail?${new URLSearchParams({ to: email })}`);
    const code = /mail__subject">[^<]*?(\d{6})</.exec(mailbox.text)?.[1];
    expect(code, "the verification code").toBeDefined();
    const verified = await post(B, "/verify", { intent: "verify", code: code! }, cookie);
    expect(verified.status).toBe(302);
    cookie = cookiesOf(verified, cookie);
    for (const p of both()) {
      const settings = await get(p, "/settings/account", cookie);
      expect(settings.status, `process ${p.name}`).toBe(200);
      expect(settings.text).toContain(email);
    }
    // Without the cookie, either process sends the visitor to sign in.
    expect((await get(B, "/settings/account")).status).toBe(302);
  });

  it("a photo posted through A is served by B from the bucket, by Range too; deleting the post through B empties its keys", async () => {
    const [seller] = await createStudents(1, "seller");
    const clip = await video();
    const id = await createPost(A, seller!, "Standing desk, barely used", [await photo(800, 600), clip]);
    const keys = await s3.keys(`posts/${id}/`);
    // The feed's thumbnail (200 px square) at 1x and 2x, then the page's widths up to the photo's own.
    expect(keys).toEqual([`posts/${id}/1-200.webp`, `posts/${id}/1-400.webp`, `posts/${id}/1-640.webp`, `posts/${id}/1-800.webp`, `posts/${id}/2.mp4`]);
    // Nothing on either process's own disk.
    const fromA = await get(A, `/media/posts/${id}/1-640.webp`);
    const fromB = await get(B, `/media/posts/${id}/1-640.webp`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers["content-type"]).toBe("image/webp");
    // A post's files may be hidden later: cached for minutes and revalidated, never immutable.
    expect(fromB.headers["cache-control"]).toBe("public, max-age=300, must-revalidate");
    expect(fromB.body.equals(fromA.body)).toBe(true);
    expect((await sharp(fromB.body).metadata()).width).toBe(640);

    // The video's upload as sent is never served (no worker here: it stays processing); Range from the bucket on the photo.
    expect((await get(B, `/media/posts/${id}/2.mp4`)).status).toBe(404);
    const part = await get(B, `/media/posts/${id}/1-640.webp`, undefined, { Range: "bytes=100-299" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-299/${fromB.body.length}`);
    expect(part.body.equals(fromB.body.subarray(100, 300))).toBe(true);
    expect((await get(A, `/media/posts/${id}/9.mp4`)).status).toBe(404);

    const deleted = await post(B, `/post/${id}`, { intent: "delete", returnTo: "/home" }, seller!.cookie);
    expect(deleted.status).toBe(302);
    expect(await s3.keys(`posts/${id}/`)).toEqual([]);
    expect((await get(A, `/media/posts/${id}/1-640.webp`)).status).toBe(404);
  });

  let students: Student[] = [];

  it("200 concurrent saves and un-saves of one post from 50 users over both processes leave the counter equal to the rows", async () => {
    students = await createStudents(150, "student");
    const [author] = await createStudents(1, "saveauthor");
    const id = await createPost(A, author!, "Mini fridge, pick up by Friday");
    const savers = students.slice(0, 50);
    // Four toggles each, all at once, alternating processes: a user's own toggles race each other too.
    const answers = await Promise.all(
      savers.flatMap((s, i) =>
        [0, 1, 2, 3].map((k) => post((i + k) % 2 ? B : A, `/post/${id}`, { intent: "like", async: "1", returnTo: `/post/${id}` }, s.cookie)),
      ),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    const [row] = await query<{ like_count: number }>("select like_count from posts where id = $1", [id]);
    const [rows] = await query<{ n: number }>("select count(*)::int as n from likes where target_type = 'post' and target_id = $1", [id]);
    expect(row!.like_count).toBe(rows!.n);
    // Four toggles per user: each ends where it started.
    expect(rows!.n).toBe(0);

    // And once more, an odd number of toggles for half of them: those are saved.
    await Promise.all(savers.map((s, i) => post(i % 2 ? B : A, `/post/${id}`, { intent: "like", async: "1" }, s.cookie)));
    await Promise.all(savers.slice(0, 25).map((s, i) => post(i % 2 ? A : B, `/post/${id}`, { intent: "like", async: "1" }, s.cookie)));
    const [after] = await query<{ like_count: number; n: number }>(
      "select like_count, (select count(*)::int from likes where target_type = 'post' and target_id = $1) as n from posts where id = $1",
      [id],
    );
    expect(after).toEqual({ like_count: 25, n: 25 });
  }, 120_000);

  it("100 comments from 100 users through both processes at once: the author gets exactly 100 notification emails, each delivered once", async () => {
    const [author] = await createStudents(1, "commentauthor");
    const id = await createPost(B, author!, "Textbooks for CHEM 1315");
    const commenters = students.slice(50, 150);
    const answers = await Promise.all(
      commenters.map((s, i) => post(i % 2 ? A : B, `/post/${id}`, { intent: "comment", text: `Is it still available? (${i})` }, s.cookie)),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 302)).toEqual([]);
    const [parent] = await query<{ comment_count: number }>("select comment_count from posts where id = $1", [id]);
    expect(parent!.comment_count).toBe(100);

    const outbox = () => query<{ id: string; status: string }>("select id, status from mail where \"to\" = $1 and kind = 'comment'", [author!.email]);
    expect(await outbox()).toHaveLength(100);
    await waitFor("the 100 emails to be sent", async () => (await outbox()).every((m) => m.status === "sent"));
    const ids = new Set((await outbox()).map((m) => `mail-${m.id}`));
    const toAuthor = resend.received.filter((r) => r.to.includes(author!.email));
    expect(toAuthor).toHaveLength(100);
    expect(new Set(toAuthor.map((r) => r.key))).toEqual(ids);
    // Nothing the two workers sent went out twice.
    expect([...resend.deliveriesByKey().values()].filter((n) => n > 1)).toEqual([]);
  }, 120_000);

  it("the account lockout holds across processes: the 6th wrong password is refused on either", async () => {
    const email = "newcomer@ou.edu"; // signed up through the forms above
    const login = (p: AppProcess, password: string) => post(p, "/login", { method: "password", email, password });
    const wrong: Answer[] = [];
    for (let i = 0; i < 5; i++) wrong.push(await login(i % 2 ? B : A, `wrong guess ${i}`));
    expect(wrong.slice(0, 4).map((a) => a.status)).toEqual([400, 400, 400, 400]);
    for (const a of wrong.slice(0, 4)) expect(a.text).toContain("Wrong password!");
    for (const p of both()) {
      const sixth = await login(p, "wrong guess 6");
      expect(sixth.status, `process ${p.name}`).toBe(429);
      expect(sixth.text).toContain(TOO_MANY);
      const right = await login(p, "cluster password 1");
      expect(right.status, `process ${p.name}`).toBe(429);
      expect(right.headers["set-cookie"] ?? []).toEqual([]);
    }
  }, 60_000);

  it("SIGTERM to B during a burst: every request B accepted is answered in full; B finishes its mail send and exits 0", async () => {
    const [author] = await createStudents(1, "burstauthor");
    const id = await createPost(A, author!, "Bike lock and helmet", [await photo(320, 240)]);
    const savers = students.slice(0, 40);
    // More mail in the outbox, so B's worker is likely sending when the signal comes.
    await Promise.all(savers.slice(1, 21).map((s) => post(A, `/post/${id}`, { intent: "comment", text: "Still for sale?" }, s.cookie)));

    // A slow upload in flight when the signal comes: its body arrives over about two seconds.
    const form = new FormData();
    form.set("text", "Posted while the process stops");
    form.set("category", "all");
    form.set("intent", "send");
    form.append("files", await photo(640, 480));
    const upload = await multipart(form);
    const parts = 8;
    const chunks = Array.from({ length: parts }, (_, i) => upload.body.subarray(Math.floor((i * upload.body.length) / parts), Math.floor(((i + 1) * upload.body.length) / parts)));
    const uploader = savers[0]!;

    // Every request asks for 100 Continue, so a failure tells whether B had read it (see tests/support/http.ts).
    // Times are relative to the signal, for the failure message.
    type Outcome = { what: string; sentAt: number; endedAt: number } & (
      | { kind: "answered"; status: number }
      | { kind: "not accepted"; code: string }
      | { kind: "lost"; error: string }
    );
    const outcomes: Outcome[] = [];
    const requests: { what: string; run: () => Promise<Answer> }[] = [];
    const read = (path: string, cookie?: string) => send(B, path, { host: host(), acknowledged: true, headers: cookie ? { Cookie: cookie } : {} });
    for (let i = 0; i < 500; i++) {
      const s = savers[i % savers.length]!;
      if (i % 5 === 0) requests.push({ what: "save", run: () => postForm(B, `/post/${id}`, { intent: "like", async: "1" }, { host: host(), cookie: s.cookie, acknowledged: true }) });
      else if (i % 5 === 1) requests.push({ what: "photo", run: () => read(`/media/posts/${id}/1-200.webp`) });
      else if (i % 5 === 2) requests.push({ what: "post page", run: () => read(`/post/${id}`, s.cookie) });
      else requests.push({ what: i % 2 ? "home" : "search", run: () => read(i % 2 ? "/home" : "/search?q=bike", s.cookie) });
    }
    let signalAt = Infinity;
    const since = () => Math.round(performance.now() - signalAt);
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const { what, run } = requests[next++]!;
        const sentAt = since();
        try {
          const answer = await run();
          outcomes.push({ what, sentAt, endedAt: since(), kind: "answered", status: answer.status });
        } catch (error) {
          const { code = "", acknowledged, message } = error as SendError;
          const ended = { what, sentAt, endedAt: since() };
          // Refused, or reset while still queued in the kernel (B had stopped listening): B never had it.
          const neverReached = !acknowledged && ["ECONNREFUSED", "ECONNRESET", "EPIPE"].includes(code);
          outcomes.push(neverReached ? { ...ended, kind: "not accepted", code } : { ...ended, kind: "lost", error: `${code}: ${message}` });
        }
      }
    };
    const slowUpload = send(B, "/create/post", {
      method: "POST",
      host: host(),
      headers: { "Content-Type": upload.contentType, "Content-Length": String(upload.body.length), Origin: `http://${host()}`, Cookie: uploader.cookie },
      body: chunks,
      chunkDelayMs: 250,
    });
    const burst = Promise.all(Array.from({ length: 16 }, worker));
    // Mid-burst, with the upload's body half sent.
    await sleep(900);
    const answeredBefore = outcomes.length;
    signalAt = performance.now();
    B.child.kill("SIGTERM");
    await burst;

    const count = (kind: Outcome["kind"], code?: string) => outcomes.filter((o) => o.kind === kind && (!code || ("code" in o && o.code === code))).length;
    console.log(
      `burst on B: ${count("answered")} answered (${answeredBefore} before the signal), ${count("not accepted", "ECONNREFUSED")} refused, ` +
        `${count("not accepted", "ECONNRESET") + count("not accepted", "EPIPE")} reset while queued in the kernel, ${count("lost")} lost`,
    );
    expect(answeredBefore, "requests answered before the signal").toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.kind === "lost")).toEqual([]);
    expect(outcomes.filter((o) => o.kind === "answered" && o.status >= 500)).toEqual([]);
    expect(outcomes.filter((o) => o.kind === "answered").length).toBeGreaterThanOrEqual(answeredBefore);
    // After the signal B accepts nothing new.
    expect(outcomes.filter((o) => o.kind === "not accepted" && o.code === "ECONNREFUSED").length).toBeGreaterThan(0);

    const uploaded = await slowUpload;
    expect(uploaded.status, uploaded.text.slice(0, 300)).toBe(302);
    const [made] = await query<{ id: string }>("select id from posts where author_id = $1 and parent_id is null", [uploader.id]);
    expect(made, "the post whose upload was in flight").toBeDefined();
    expect(await s3.keys(`posts/${made!.id}/`)).toHaveLength(3);

    expect(await B.exited).toBe(0);
    expect(B.output()).toMatch(/SIGTERM: finishing the requests in flight/);
    // B settled what its worker had claimed: no row is left in `sending` under B's claim.
    expect(await query("select id from mail where status = 'sending' and claimed_by like $1", [`%:${B.pid}:%`])).toEqual([]);

    // A carries on: the saves are consistent, and A's worker sends the rest of the outbox.
    const [row] = await query<{ like_count: number; n: number }>(
      "select like_count, (select count(*)::int from likes where target_type = 'post' and target_id = $1) as n from posts where id = $1",
      [id],
    );
    expect(row!.like_count).toBe(row!.n);
    expect((await get(A, `/post/${id}`)).status).toBe(200);
    await waitFor("the outbox to drain", async () => (await query("select id from mail where status <> 'sent'")).length === 0);
    expect([...resend.deliveriesByKey().values()].filter((n) => n > 1)).toEqual([]);
  }, 120_000);
});
