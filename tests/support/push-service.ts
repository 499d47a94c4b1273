// A local stand-in for a browser's push service (RFC 8030), so no push leaves the
// machine: it hands out subscriptions (an endpoint on itself and a P-256 key pair
// and auth secret it keeps, as a browser would), accepts POSTs to them, checks the
// VAPID Authorization (RFC 8292: an ES256 JWT for this origin, not expired, with
// a subject, signed by the key it names) and decrypts the aes128gcm body (RFC 8291)
// with the subscription's private key through http_ece, as a browser does.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error http_ece ships no types: decrypt(buffer, params) is all we use.
import ece from "http_ece";

export type StandInSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type ReceivedPush = {
  subscription: string;
  /** The decrypted payload, parsed as JSON (the app sends { title, body, url }). */
  payload: { title?: string; body?: string; url?: string };
  ttl: string | undefined;
  /** The VAPID key the JWT named (the app's public key). */
  vapidKey: string;
};

export type PushServiceStandIn = {
  url: string;
  /** A new browser subscription on this service. */
  subscribe(): StandInSubscription;
  /** From now on, answer pushes to this endpoint with `status` (410: the browser unsubscribed). */
  answer(endpoint: string, status: number): void;
  received: ReceivedPush[];
  /** Requests refused (bad VAPID, undecryptable), with why. */
  refused: string[];
  waitFor(predicate: (p: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  stop(): Promise<void>;
};

type Decrypt = (buffer: Buffer, params: { version: string; privateKey: crypto.ECDH; authSecret: Buffer }) => Buffer;

/** Verifies `vapid t=<jwt>, k=<key>`; returns the key, or why it is refused. */
function checkVapid(header: string | undefined, origin: string): { key: string } | { error: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) return { error: `no vapid Authorization: ${header}` };
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split(".") as [string, string, string];
  const header0 = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  if (header0.alg !== "ES256") return { error: `JWT alg ${header0.alg}` };
  const raw = Buffer.from(k, "base64url");
  const publicKey = crypto.createPublicKey({ key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") }, format: "jwk" });
  const valid = crypto.verify("sha256", Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!valid) return { error: "bad JWT signature" };
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) return { error: `JWT aud ${claims.aud}, not ${origin}` };
  if (!claims.exp || claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000 + 60_000) return { error: `JWT exp ${claims.exp}` };
  if (!claims.sub || !/^(?:mailto:|https:)/.test(claims.sub)) return { error: `JWT sub ${claims.sub}` };
  return { key: k };
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const browsers = new Map<string, { ecdh: crypto.ECDH; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const waiters: { predicate: (p: ReceivedPush) => boolean; resolve: (p: ReceivedPush) => void }[] = [];
  let origin = "";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1];
      const browser = id ? browsers.get(id) : undefined;
      const refuse = (status: number, why: string) => {
        refused.push(why);
        res.writeHead(status).end(why);
      };
      if (req.method !== "POST" || !browser || !id) return refuse(404, `no subscription at ${req.method} ${req.url}`);
      if (browser.status !== 201) return res.writeHead(browser.status).end();
      const vapid = checkVapid(req.headers.authorization, origin);
      if ("error" in vapid) return refuse(401, vapid.error);
      if (req.headers["content-encoding"] !== "aes128gcm") return refuse(415, `Content-Encoding ${req.headers["content-encoding"]}`);
      let text: string;
      try {
        text = (ece.decrypt as Decrypt)(Buffer.concat(chunks), { version: "aes128gcm", privateKey: browser.ecdh, authSecret: browser.auth }).toString("utf8");
      } catch (error) {
        return refuse(400, `cannot decrypt: ${String(error)}`);
      }
      const push: ReceivedPush = { subscription: id, payload: JSON.parse(text) as ReceivedPush["payload"], ttl: req.headers.ttl as string | undefined, vapidKey: vapid.key };
      received.push(push);
      for (const w of [...waiters]) {
        if (w.predicate(push)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(push);
        }
      }
      res.writeHead(201, { Location: `/message/${crypto.randomUUID()}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    received,
    refused,
    subscribe() {
      const id = crypto.randomBytes(12).toString("base64url");
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      browsers.set(id, { ecdh, auth, status: 201 });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
    },
    answer(endpoint, status) {
      const browser = browsers.get(endpoint.split("/").pop() ?? "");
      if (browser) browser.status = status;
    },
    waitFor(predicate, timeoutMs = 20_000) {
      const found = received.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) waiters.splice(i, 1);
          reject(new Error(`no matching push within ${timeoutMs} ms (received ${JSON.stringify(received)}; refused ${JSON.stringify(refused)})`));
        }, timeoutMs).unref();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
