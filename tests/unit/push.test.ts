// Push notifications (docs/product.md §26) against a real database and the local
// push service stand-in: a notification queues one push per device in its own
// transaction, the worker sends it encrypted (the stand-in checks the VAPID JWT
// and decrypts it with the browser's private key), the user's three choices
// decide what is queued, and a device the service says is gone (404/410) is deleted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPushWorker } from "~/flows/push-delivery.server";
import { seed } from "~/flows/seed.server";
import { createPost } from "~/models/posts.server";
import { sendMessage, startConversation } from "~/models/messages.server";
import { toggleLike } from "~/models/likes.server";
import { notifySavedSearch } from "~/models/notifications.server";
import {
  countPushSubscriptions,
  getPushChoices,
  MAX_PUSH_DEVICES,
  pushChoiceOf,
  removePushSubscription,
  savePushSubscription,
  setPushChoices,
} from "~/models/push-subscriptions.server";
import { insertUser } from "~/models/users.server";
import { ConfigError, parseConfig, resetConfig } from "~/services/config.server";
import { pushEndpoint } from "~/services/push.server";
import { getDb, schema, transaction } from "~/services/db.server";
import { startPushService, type PushServiceStandIn, type StandInSubscription } from "../support/push-service";

const origin = "http://localhost:3000";
let n = 0;
let service: PushServiceStandIn;

async function student(first: string) {
  n++;
  return insertUser({ campusId: "ou", firstName: first, lastName: "P.", username: `push-${n}`, email: `push${n}@ou.edu`, verified: true, schoolVerified: true });
}

const device = async (userId: string, s: StandInSubscription) => savePushSubscription(userId, { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth });

const queued = async (subscriptionId: string) => getDb().select().from(schema.pushDeliveries).where(eq(schema.pushDeliveries.subscriptionId, subscriptionId));

/** A buyer messages a seller about a listing: the seller gets a "message" notification. */
async function messageFrom(buyer: { id: string }, seller: { id: string }, text: string) {
  const post = await createPost({ authorId: seller.id, campusId: "ou", blocks: [{ text: "Desk lamp" }], media: [], origin, listing: { priceCents: 1500, isFree: false, priceTerms: null, condition: null, pickupSpot: null } });
  const chat = await startConversation({ userId: buyer.id, postId: post.id });
  await sendMessage({ chatId: chat.id, senderId: buyer.id, text, origin });
  return { chatId: chat.id, postId: post.id };
}

beforeAll(async () => {
  await seed({ demo: false });
  service = await startPushService();
});
afterAll(() => service.stop());

describe("push delivery", () => {
  it("sends a notification to every device of the recipient, encrypted for each, with title, body and URL", async () => {
    const seller = await student("Sam");
    const buyer = await student("Bea");
    const phone = service.subscribe();
    const laptop = service.subscribe();
    const phoneId = await device(seller.id, phone);
    await device(seller.id, laptop);
    expect(await countPushSubscriptions(seller.id)).toBe(2);

    const { chatId } = await messageFrom(buyer, seller, "Is the lamp still available?");
    expect(await queued(phoneId)).toHaveLength(1);

    const run = await createPushWorker({ log: () => {} }).runOnce();
    expect(run).toMatchObject({ claimed: 2, sent: 2, failed: 0 });
    const got = service.received.filter((p) => p.payload.url === `${origin}/messages/${chatId}`);
    expect(got.map((p) => p.subscription).sort()).toEqual([phone.endpoint, laptop.endpoint].map((e) => e.split("/").pop()).sort());
    expect(got[0]!.payload).toEqual({ title: "Bea P. sent you a message", body: "Is the lamp still available?", url: `${origin}/messages/${chatId}` });
    // Signed with the app's key (the one browsers subscribe with), kept a day by the service.
    expect(got[0]!.vapidKey).toMatch(/^[\w-]{87}$/);
    expect(got[0]!.ttl).toBe("86400");
    expect(service.refused).toEqual([]);
    // Sent rows leave the outbox.
    expect(await queued(phoneId)).toHaveLength(0);
  });

  it("queues only what the recipient chose: messages and offers, saved-search alerts, everything else", async () => {
    const seller = await student("Cy");
    const buyer = await student("Di");
    const id = await device(seller.id, service.subscribe());
    expect(await getPushChoices(seller.id)).toEqual({ messages: true, alerts: true, other: true });
    await setPushChoices(seller.id, { messages: false, alerts: true, other: true });
    const { postId } = await messageFrom(buyer, seller, "Hello");
    expect(await queued(id)).toHaveLength(0);
    // A save is "everything else": still pushed.
    await toggleLike({ userId: buyer.id, type: "post", id: postId, origin });
    const rows = await queued(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title).toBe("Di P. saved your post");
    await setPushChoices(seller.id, { messages: true, alerts: true, other: false });
    expect(await getPushChoices(seller.id)).toEqual({ messages: true, alerts: true, other: false });
    expect(pushChoiceOf("message")).toBe("messages");
    expect(pushChoiceOf("comment")).toBe("other");
    await createPushWorker({ log: () => {} }).runOnce();
  });

  it("a saved-search alert is pushed under Saved-search alerts, once, to the listing's page", async () => {
    const reader = await student("Al");
    const seller = await student("Bo");
    const id = await device(reader.id, service.subscribe());
    const { postId } = await messageFrom(reader, seller, "Hi");
    const alert = { userId: reader.id, actorId: seller.id, postId, savedSearchId: `search-${n}`, description: "desk lamp", now: Date.now() };
    await transaction(async (tx) => notifySavedSearch(tx, alert));
    await transaction(async (tx) => notifySavedSearch(tx, alert));
    expect((await queued(id)).map((r) => [r.title, r.url])).toEqual([['New listing for "desk lamp"', `/post/${postId}`]]);
    await setPushChoices(reader.id, { messages: true, alerts: false, other: true });
    await transaction(async (tx) => notifySavedSearch(tx, { ...alert, savedSearchId: `other-${n}` }));
    expect(await queued(id)).toHaveLength(1);
    expect(await createPushWorker({ log: () => {} }).runOnce()).toMatchObject({ sent: 1 });
  });

  it("deletes a device the push service answers 410 or 404, and retries a 5xx later", async () => {
    const seller = await student("Ed");
    const buyer = await student("Fa");
    const gone = service.subscribe();
    const missing = service.subscribe();
    const busy = service.subscribe();
    const goneId = await device(seller.id, gone);
    await device(seller.id, missing);
    const busyId = await device(seller.id, busy);
    service.answer(gone.endpoint, 410);
    service.answer(missing.endpoint, 404);
    service.answer(busy.endpoint, 503);
    await messageFrom(buyer, seller, "Still there?");
    const run = await createPushWorker({ log: () => {} }).runOnce();
    expect(run).toMatchObject({ claimed: 3, gone: 2, retried: 1 });
    expect(await countPushSubscriptions(seller.id)).toBe(1);
    expect(await queued(goneId)).toHaveLength(0);
    const [retry] = await queued(busyId);
    expect(retry).toMatchObject({ status: "queued", attempts: 1, lastError: "push service answered 503" });
    expect(retry!.runAfter).toBeGreaterThan(Date.now() + 20_000);
  });

  it("moves a browser to whoever subscribes with it last, and removes only the user's own device", async () => {
    const first = await student("Gi");
    const second = await student("Ho");
    const browser = service.subscribe();
    const id = await device(first.id, browser);
    expect(await device(second.id, browser)).toBe(id);
    expect(await countPushSubscriptions(first.id)).toBe(0);
    expect(await removePushSubscription(first.id, { id })).toBe(false);
    expect(await removePushSubscription(second.id, { endpoint: browser.endpoint })).toBe(true);
    expect(await countPushSubscriptions(second.id)).toBe(0);
  });

  it(`keeps at most ${MAX_PUSH_DEVICES} devices per user: one more drops the one turned on longest ago, with its queued pushes`, async () => {
    const user = await student("Iv");
    const ids: string[] = [];
    for (let i = 0; i < MAX_PUSH_DEVICES; i++) ids.push(await savePushSubscription(user.id, { endpoint: `https://push.example.com/cap-${n}-${i}`, p256dh: "k", auth: "a" }, 1_000 + i));
    expect(await countPushSubscriptions(user.id)).toBe(MAX_PUSH_DEVICES);
    // The oldest turned on again: now the newest, so the second oldest goes next.
    expect(await savePushSubscription(user.id, { endpoint: `https://push.example.com/cap-${n}-0`, p256dh: "k2", auth: "a2" }, 2_000)).toBe(ids[0]);
    const newest = await savePushSubscription(user.id, { endpoint: `https://push.example.com/cap-${n}-new`, p256dh: "k", auth: "a" }, 3_000);
    const left = (await getDb().select({ id: schema.pushSubscriptions.id }).from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.userId, user.id))).map((r) => r.id);
    expect(left).toHaveLength(MAX_PUSH_DEVICES);
    expect(left).toContain(newest);
    expect(left).toContain(ids[0]);
    expect(left).not.toContain(ids[1]);
  });
});

describe("subscription endpoints", () => {
  it("are https URLs on named hosts (never an address, localhost or another port), or the configured stand-in", () => {
    expect(pushEndpoint("https://fcm.googleapis.com/fcm/send/abc")).toBe("https://fcm.googleapis.com/fcm/send/abc");
    expect(pushEndpoint("https://updates.push.services.mozilla.com/wpush/v2/x")).not.toBeNull();
    for (const bad of ["http://fcm.googleapis.com/x", "https://127.0.0.1/x", "https://[::1]/x", "https://localhost/x", "https://db.localhost/x", "https://intranet/x", "https://push.example.com:8443/x", "https://u:p@push.example.com/x", "not a url"]) {
      expect(pushEndpoint(bad), bad).toBeNull();
    }
    // The stand-in's origin (PUSH_SERVICE_ORIGIN) only when configured.
    expect(pushEndpoint(`${service.url}/push/abc`)).toBeNull();
    process.env.PUSH_SERVICE_ORIGIN = service.url;
    resetConfig();
    try {
      expect(pushEndpoint(`${service.url}/push/abc`)).toBe(`${service.url}/push/abc`);
    } finally {
      delete process.env.PUSH_SERVICE_ORIGIN;
      resetConfig();
    }
  });
});

describe("VAPID keys (README Configuration)", () => {
  it("are made once beside a SQLite database outside production, mode 0600, and kept", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vapid-"));
    const a = parseConfig({ DATABASE_URL: path.join(dir, "app.db") }).vapid;
    const b = parseConfig({ DATABASE_URL: path.join(dir, "app.db") }).vapid;
    expect(a?.publicKey).toMatch(/^[\w-]{87}$/);
    expect(a?.privateKey).toMatch(/^[\w-]{43}$/);
    expect(b).toEqual(a);
    expect(fs.statSync(path.join(dir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
    expect(a?.subject).toBe("mailto:owner@example.com");
  });

  it("come from VAPID_* when set; production without them has push off; one key alone is refused", () => {
    const keys = { VAPID_PUBLIC_KEY: "B".padEnd(87, "x"), VAPID_PRIVATE_KEY: "a".repeat(43), VAPID_SUBJECT: "https://oubuysell.com/contact" };
    expect(parseConfig(keys).vapid).toEqual({ publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY, subject: keys.VAPID_SUBJECT });
    expect(parseConfig({ APP_ENV: "production", SESSION_SECRET: "s", PUBLIC_URL: "https://campusbuysell.com" }).vapid).toBeNull();
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(ConfigError);
    expect(() => parseConfig({ ...keys, VAPID_SUBJECT: "http://example.com" })).toThrow(/VAPID_SUBJECT/);
  });
});
