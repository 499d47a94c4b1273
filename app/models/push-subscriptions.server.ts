// Push notifications (docs/product.md §26): the browsers (one row per device) that
// turned them on, each user's three choices, and the push outbox. A notification
// queues one delivery per device in the notification's own transaction; the
// push worker (app/flows/push-delivery.server.ts) claims due rows with a lease —
// FOR UPDATE SKIP LOCKED on PostgreSQL, so two processes never send the same
// one — and a slow push service never holds up the request that notified.
import { and, asc, desc, eq, inArray, lt, lte, ne, notInArray, or, sql } from "drizzle-orm";
import { getDb, newId, schema, skipLocked, transaction, type Tx } from "~/services/db.server";

const { pushSubscriptions: subs, pushPreferences: prefs, pushDeliveries: deliveries } = schema;

/** The three kinds of notification a user turns push on or off for. */
export type PushChoice = "messages" | "alerts" | "other";
export type PushChoices = Record<PushChoice, boolean>;

/** Which choice a notification type falls under: messages and offers; saved-search alerts; everything else. */
export function pushChoiceOf(type: string): PushChoice {
  if (type === "message" || type === "offer") return "messages";
  if (type === "alert" || type === "saved search" || type === "saved-search") return "alerts";
  return "other";
}

export type NewSubscription = { endpoint: string; p256dh: string; auth: string };

/** Devices one user pushes to at most; turning push on for one more drops the one turned on longest ago. */
export const MAX_PUSH_DEVICES = 10;

/**
 * Stores this browser's subscription for the user. The endpoint is the device:
 * subscribing again updates its keys (and makes it the newest), and a browser
 * someone else used before now pushes to this user only. Beyond
 * MAX_PUSH_DEVICES the user's oldest devices are removed (with what was queued
 * for them), so one account never fans a notification out to more. Returns
 * the row's id (the device cookie).
 */
export async function savePushSubscription(userId: string, s: NewSubscription, now = Date.now()): Promise<string> {
  return transaction(async (tx) => {
    const [row] = await tx
      .insert(subs)
      .values({ id: newId(), userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, createdAt: now })
      .onConflictDoUpdate({ target: subs.endpoint, set: { userId, p256dh: s.p256dh, auth: s.auth, createdAt: now } })
      .returning({ id: subs.id });
    const newest = tx.select({ id: subs.id }).from(subs).where(eq(subs.userId, userId)).orderBy(desc(subs.createdAt), desc(subs.id)).limit(MAX_PUSH_DEVICES);
    await tx.delete(subs).where(and(eq(subs.userId, userId), notInArray(subs.id, newest), ne(subs.id, row!.id)));
    return row!.id;
  });
}

/** Removes one of the user's devices, named by its id or its endpoint; true when there was one. */
export async function removePushSubscription(userId: string, device: { id?: string; endpoint?: string }): Promise<boolean> {
  const which = device.id ? eq(subs.id, device.id) : device.endpoint ? eq(subs.endpoint, device.endpoint) : null;
  if (!which) return false;
  const removed = await getDb().delete(subs).where(and(eq(subs.userId, userId), which)).returning({ id: subs.id });
  return removed.length > 0;
}

/** Whether this device (its id from the device cookie) still pushes to this user. */
export async function hasPushSubscription(userId: string, id: string | null): Promise<boolean> {
  if (!id) return false;
  const [row] = await getDb().select({ id: subs.id }).from(subs).where(and(eq(subs.id, id), eq(subs.userId, userId))).limit(1);
  return row !== undefined;
}

export async function countPushSubscriptions(userId: string): Promise<number> {
  const [row] = await getDb().select({ n: sql<number>`count(*)` }).from(subs).where(eq(subs.userId, userId));
  return Number(row?.n ?? 0);
}

const ALL_ON: PushChoices = { messages: true, alerts: true, other: true };

export async function getPushChoices(userId: string): Promise<PushChoices> {
  const [row] = await getDb().select({ messages: prefs.messages, alerts: prefs.alerts, other: prefs.other }).from(prefs).where(eq(prefs.userId, userId)).limit(1);
  return row ?? ALL_ON;
}

export async function setPushChoices(userId: string, choices: PushChoices): Promise<void> {
  await getDb().insert(prefs).values({ userId, ...choices }).onConflictDoUpdate({ target: prefs.userId, set: choices });
}

export type PushMessage = { title: string; body: string; url: string };

/**
 * Queues a push to each of the user's devices when they want this kind, in the
 * caller's transaction (the notification's): nothing is queued if it rolls back.
 */
export async function queuePush(tx: Tx, userId: string, choice: PushChoice, message: PushMessage, now = Date.now()): Promise<number> {
  const devices = await tx
    .select({ id: subs.id, messages: prefs.messages, alerts: prefs.alerts, other: prefs.other })
    .from(subs)
    .leftJoin(prefs, eq(prefs.userId, subs.userId))
    .where(eq(subs.userId, userId));
  // No choices row: everything is on.
  const wanted = devices.filter((d) => d[choice] !== false);
  if (!wanted.length) return 0;
  await tx.insert(deliveries).values(wanted.map((d) => ({ id: newId(), subscriptionId: d.id, ...message, status: "queued" as const, runAfter: now, createdAt: now })));
  return wanted.length;
}

export type PushDelivery = PushMessage & { id: string; attempts: number; subscriptionId: string; endpoint: string; p256dh: string; auth: string };

function dueCondition(now: number) {
  return or(and(eq(deliveries.status, "queued"), lte(deliveries.runAfter, now)), and(eq(deliveries.status, "sending"), lt(deliveries.leaseUntil, now)));
}

/** Takes up to `limit` due deliveries for `holder` until `now + leaseMs`, counting a try; each with its device's keys. */
export async function claimPushDeliveries(holder: string, leaseMs: number, limit: number, now = Date.now()): Promise<PushDelivery[]> {
  const db = getDb();
  const due = dueCondition(now);
  const pick = db.select({ id: deliveries.id }).from(deliveries).where(due).orderBy(asc(deliveries.runAfter)).limit(limit);
  // An idle poll reads and writes nothing (on SQLite an UPDATE waits for the write lock).
  if (!(await pick).length) return [];
  const locked = skipLocked(pick);
  const claimed = await db
    .update(deliveries)
    .set({ status: "sending", claimedBy: holder, leaseUntil: now + leaseMs, attempts: sql`${deliveries.attempts} + 1` })
    .where(and(inArray(deliveries.id, locked), due))
    .returning({ id: deliveries.id });
  if (!claimed.length) return [];
  return db
    .select({
      id: deliveries.id,
      attempts: deliveries.attempts,
      title: deliveries.title,
      body: deliveries.body,
      url: deliveries.url,
      subscriptionId: subs.id,
      endpoint: subs.endpoint,
      p256dh: subs.p256dh,
      auth: subs.auth,
    })
    .from(deliveries)
    .innerJoin(subs, eq(subs.id, deliveries.subscriptionId))
    .where(inArray(deliveries.id, claimed.map((c) => c.id)));
}

const mine = (id: string, holder: string) => and(eq(deliveries.id, id), eq(deliveries.claimedBy, holder), eq(deliveries.status, "sending"));

/** The push service took it: the row goes (the outbox keeps only what is still to send or failed). */
export async function completePushDelivery(id: string, holder: string): Promise<void> {
  await getDb().delete(deliveries).where(mine(id, holder));
}

/** Try again at `retryAt`, or give up (null) and keep the row as failed with the reason. */
export async function failPushDelivery(id: string, holder: string, error: string, retryAt: number | null): Promise<void> {
  await getDb()
    .update(deliveries)
    .set(retryAt === null ? { status: "failed", claimedBy: null, leaseUntil: null, lastError: error } : { status: "queued", claimedBy: null, leaseUntil: null, lastError: error, runAfter: retryAt })
    .where(mine(id, holder));
}

/** The push service said the subscription is gone (404/410): the device and what was queued for it go. */
export async function dropPushSubscription(subscriptionId: string): Promise<void> {
  await getDb().delete(subs).where(eq(subs.id, subscriptionId));
}
