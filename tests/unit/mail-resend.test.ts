// The worker against a local HTTP server that answers like Resend's POST /emails.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { sendMail } from "~/models/mail.server";
import { getDb, schema } from "~/services/db.server";
import { createMailWorker, resendSender } from "~/services/mail-worker.server";

type Received = {
  to: string[];
  from: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  auth: string;
  key: string;
};

let received: Received[] = [];
/** Status codes to answer with, per recipient, before answering 200. */
let failures = new Map<string, number[]>();
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/emails") {
        res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ statusCode: 404, name: "not_found", message: "Not found" }));
        return;
      }
      const parsed = JSON.parse(body) as Omit<Received, "auth" | "key" | "to"> & { to: string | string[] };
      const email = { ...parsed, to: Array.isArray(parsed.to) ? parsed.to : [parsed.to] };
      received.push({ ...email, auth: String(req.headers.authorization), key: String(req.headers["idempotency-key"]) });
      const status = failures.get(email.to[0]!)?.shift();
      if (status) {
        const name = status === 429 ? "rate_limit_exceeded" : status === 422 ? "validation_error" : "internal_server_error";
        res.writeHead(status, { "Content-Type": "application/json", ...(status === 429 ? { "Retry-After": "1" } : {}) });
        res.end(JSON.stringify({ statusCode: status, name, message: `fake ${status}` }));
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ id: `re_${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  received = [];
  failures = new Map();
  await getDb().delete(schema.mail);
});

const row = async (id: string) => (await getDb().select().from(schema.mail).where(eq(schema.mail.id, id)))[0]!;

async function queue(to: string) {
  return sendMail({
    to,
    subject: "Riley commented on your post",
    html: `<p>Riley commented: <a href="https://example.com/post/1">see it</a></p>`,
    text: "Riley commented: https://example.com/post/1",
    kind: "comment",
  });
}

function worker(maxAttempts = 6) {
  return createMailWorker({
    workerId: "fake-resend",
    maxAttempts,
    backoff: { baseMs: 20, maxMs: 200 },
    pollMs: 10,
    log: () => {},
    send: resendSender({ apiKey: "re_test_key", from: "Campus BuySell <no-reply@campusbuysell.com>", baseUrl }),
  });
}

async function until(done: () => Promise<boolean>, timeoutMs = 5_000) {
  const start = Date.now();
  while (!(await done())) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

it("sends each email once, with its HTML and text parts, and records Resend's id", async () => {
  const a = await queue("a@example.com");
  const b = await queue("b@example.com");
  const w = worker();
  w.start();
  await until(async () => (await row(a)).status === "sent" && (await row(b)).status === "sent");
  await new Promise((r) => setTimeout(r, 50)); // a few more polls: nothing is sent twice
  await w.stop();

  expect(received.map((r) => r.to[0]).sort()).toEqual(["a@example.com", "b@example.com"]);
  const first = received.find((r) => r.to[0] === "a@example.com")!;
  expect(first).toMatchObject({
    from: "Campus BuySell <no-reply@campusbuysell.com>",
    subject: "Riley commented on your post",
    text: "Riley commented: https://example.com/post/1",
    auth: "Bearer re_test_key",
    key: `mail-${a}`,
  });
  expect(first.html).toContain('<html lang="en">');
  expect(first.html).toContain('<a href="https://example.com/post/1">see it</a>');
  expect((await row(a)).providerId).toMatch(/^re_\d+$/);
  expect((await row(a)).sentAt).toBeTypeOf("number");
});

it.each([500, 429])("retries after a %i and sends it once", async (status) => {
  failures.set("retry@example.com", [status]);
  const id = await queue("retry@example.com");
  const w = worker();
  w.start();
  await until(async () => (await row(id)).status === "sent", status === 429 ? 5_000 : 2_000);
  await w.stop();
  expect(received.map((r) => r.to[0])).toEqual(["retry@example.com", "retry@example.com"]);
  expect(new Set(received.map((r) => r.key))).toEqual(new Set([`mail-${id}`])); // same idempotency key
  expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
});

it("marks the email failed after the last try", async () => {
  failures.set("down@example.com", [500, 500, 500, 500]);
  const id = await queue("down@example.com");
  const w = worker(3);
  w.start();
  await until(async () => (await row(id)).status === "failed");
  await new Promise((r) => setTimeout(r, 100));
  await w.stop();
  expect(received).toHaveLength(3);
  expect(await row(id)).toMatchObject({ status: "failed", attempts: 3 });
  expect((await row(id)).lastError).toContain("500");
});

it("does not retry an address Resend refuses", async () => {
  failures.set("bad@example.com", [422]);
  const id = await queue("bad@example.com");
  const w = worker();
  w.start();
  await until(async () => (await row(id)).status === "failed");
  await w.stop();
  expect(received).toHaveLength(1);
});

it("a provider that cannot be reached is retried later", async () => {
  const id = await queue("offline@example.com");
  const send = resendSender({ apiKey: "re_x", from: "x@example.com", baseUrl: "http://127.0.0.1:9" });
  const w = createMailWorker({ workerId: "offline", send, log: () => {} });
  expect(await w.runOnce()).toMatchObject({ retried: 1 });
  expect(await row(id)).toMatchObject({ status: "queued", attempts: 1 });
});

it("passes extra headers such as List-Unsubscribe", async () => {
  const id = await queue("headers@example.com");
  const send = resendSender({
    apiKey: "re_x",
    from: "x@example.com",
    baseUrl,
    headersFor: async (m) => ({ "List-Unsubscribe": `<https://example.com/unsubscribe?for=${m.id}>` }),
  });
  const w = createMailWorker({ workerId: "headers", send });
  expect(await w.runOnce()).toMatchObject({ sent: 1 });
  expect(received[0]!.headers).toEqual({ "List-Unsubscribe": `<https://example.com/unsubscribe?for=${id}>` });
});
