// A stand-in for Resend's API (RESEND_BASE_URL): accepts POST /emails, answers
// with an id, and keeps every request it got, so a test can count deliveries
// per email (the worker sends the outbox row id as the Idempotency-Key).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedMail = { to: string[]; subject: string; html: string; text: string; key: string; at: number };

export type FakeResend = {
  url: string;
  received: ReceivedMail[];
  /** How many requests carried each idempotency key. */
  deliveriesByKey(): Map<string, number>;
  stop(): Promise<void>;
};

/** `delayMs`: how long each answer takes (a send in flight for that long). */
export async function startFakeResend(opts: { delayMs?: number } = {}): Promise<FakeResend> {
  const received: ReceivedMail[] = [];
  let answered = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const email = JSON.parse(body || "{}") as { to?: string | string[]; subject?: string; html?: string; text?: string };
      received.push({
        to: [email.to ?? []].flat(),
        subject: email.subject ?? "",
        html: email.html ?? "",
        text: email.text ?? "",
        key: String(req.headers["idempotency-key"] ?? ""),
        at: Date.now(),
      });
      setTimeout(() => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ id: `re_fake_${++answered}` }));
      }, opts.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    deliveriesByKey() {
      const counts = new Map<string, number>();
      for (const r of received) counts.set(r.key, (counts.get(r.key) ?? 0) + 1);
      return counts;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
