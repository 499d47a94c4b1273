// Sessions (docs/product.md §3): a `sessions` row per sign-in; the session cookie holds
// only the signed session id. The row's id is a SHA-256 of that value, so a copy
// of the database does not hand out live sessions.
//
// A session lasts 30 days from its last use (sliding) and never more than 90
// days from the sign-in (absolute). A session whose email is not verified yet
// is "pending": it may browse as a visitor, open /verify and sign out, nothing
// else — getUserId, getOptionalUser and the require* guards treat it as no user
// (requireUser sends it to /verify). Only getSessionUser sees it, for the few
// places that serve a pending session.
import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { and, eq, gt, lt, notInArray, sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { appCookie, cookiePair } from "./cookies.server";
import { getDb, prepared, schema } from "./db.server";
import { requestScope } from "./request-scope.server";

/** A users row (the users model works with the same type). */
export type User = typeof schema.users.$inferSelect;

const DAY = 24 * 3600_000;
export const SESSION_TTL_MS = 30 * DAY;
/** However often it is used, a session ends this long after the sign-in. */
export const SESSION_MAX_AGE_MS = 90 * DAY;
/** A session is extended at most once a day, when it is used. */
const RENEW_AFTER_MS = DAY;

const sessionCookie = appCookie("__session");

/**
 * The session values of recent session cookies (once their signature was
 * checked) and the row ids of recent session values: the same on every
 * request a browser sends, so worked out once per process and remembered (an
 * HMAC and three hashes a request; a cookie never seen is checked). Bounded
 * in entries and characters: hostile cookies only push older ones out.
 */
const tokensOfCookies = new LRUCache<string, { token: string | null }>({ max: 10_000, maxSize: 4_000_000, sizeCalculation: (_, cookie) => cookie.length });
const sessionIds = new LRUCache<string, string>({ max: 10_000 });

function hashToken(token: string): string {
  let id = sessionIds.get(token);
  if (id === undefined) sessionIds.set(token, (id = crypto.createHash("sha256").update(token).digest("base64url")));
  return id;
}

async function readToken(request: Request): Promise<string | null> {
  const cookie = sessionCookie(request);
  const pair = cookiePair(request, cookie);
  if (!pair) return null;
  const known = tokensOfCookies.get(pair);
  if (known) return known.token;
  const value: unknown = await cookie.parse(pair);
  const token = typeof value === "string" && value.length >= 22 ? value : null;
  tokensOfCookies.set(pair, { token });
  return token;
}

/** When a session row stops being valid: the sliding expiry, capped by the absolute one. */
function endOf(row: { createdAt: number }, now: number): number {
  return Math.min(now + SESSION_TTL_MS, row.createdAt + SESSION_MAX_AGE_MS);
}

type SessionRow = typeof schema.sessions.$inferSelect;

// The lookup every signed-in request makes: built once, sent as a prepared
// statement; `extra` columns (sessionLookupWith) ride along in the same statement.
function sessionSelect<E extends Record<string, SQL<unknown>>>(extra: E) {
  return getDb()
    .select({ row: schema.sessions, user: schema.users, extra })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .where(
      and(
        eq(schema.sessions.id, sql.placeholder("id")),
        gt(schema.sessions.expiresAt, sql.placeholder("now")),
        gt(schema.sessions.createdAt, sql.placeholder("signedInAfter")),
      ),
    )
    .limit(1);
}
const sessionQuery = prepared(() => sessionSelect({}));

/** The values of the session query's placeholders for the cookie's `token`. */
function sessionValues(token: string): { id: string; now: number; signedInAfter: number } {
  const now = Date.now();
  return { id: hashToken(token), now, signedInAfter: now - SESSION_MAX_AGE_MS };
}
type Found = { row: SessionRow; token: string; user: User };

// Several loaders of one request ask for the user: look the session up once. In
// the server each request has a scope (request-scope.server), keyed here by the
// cookie, since every loader gets a Request object of its own; outside one
// (tests calling a loader) the Request object is the key.
const lookups = new WeakMap<Request, Promise<Found | null>>();
const SCOPE_KEY = "session:";

function cached(request: Request): { get(): Promise<Found | null> | undefined; set(found: Promise<Found | null>): void; clear(): void } {
  const scope = requestScope();
  if (!scope) return { get: () => lookups.get(request), set: (found) => void lookups.set(request, found), clear: () => void lookups.delete(request) };
  const key = SCOPE_KEY + (request.headers.get("Cookie") ?? "");
  return {
    get: () => scope.get(key) as Promise<Found | null> | undefined,
    set: (found) => void scope.set(key, found),
    clear: () => void scope.delete(key),
  };
}

/** The request's session lookup: the one a loader of it already started, or a new one. */
function lookup(request: Request): Promise<Found | null> {
  const cache = cached(request);
  return cache.get() ?? startLookup(request, (values) => sessionQuery().execute(values)).found;
}

/**
 * Starts the request's session lookup with `execute` (the session query, or
 * one with more columns) and keeps it for the request's other loaders;
 * `extra()` is the extra columns' values once `found` has settled.
 */
function startLookup<X>(request: Request, execute: (values: ReturnType<typeof sessionValues>) => Promise<{ row: SessionRow; user: User; extra: X }[]>) {
  let extra: X | null = null;
  const found = (async () => {
    const token = await readToken(request);
    if (!token) return null;
    const [hit] = await execute(sessionValues(token));
    if (!hit) return null;
    extra = hit.extra;
    return { row: hit.row, user: hit.user, token };
  })();
  cached(request).set(found);
  return { found, extra: () => extra };
}

type ColumnValues<E> = { [K in keyof E]: E[K] extends SQL<infer T> ? T : never };

/**
 * The session lookup, reading more about the session's user in the same
 * statement (the navigation's counts on every page, app/http/navigation):
 * `columns(userId)` builds them from the session's user id column (scalar
 * subqueries), `values` fills their placeholders. The columns come back only
 * when this call makes the request's lookup; when a loader of the request
 * already made it, `extra` is null and the caller reads them on its own.
 */
export function sessionLookupWith<E extends Record<string, SQL<unknown>>>(columns: (userId: typeof schema.sessions.userId) => E) {
  const query = prepared(() => sessionSelect(columns(schema.sessions.userId)));
  return async (request: Request, values: Record<string, unknown>): Promise<{ user: User | null; extra: ColumnValues<E> | null }> => {
    const cache = cached(request);
    const made = cache.get();
    if (made) return { user: (await made)?.user ?? null, extra: null };
    const { found, extra } = startLookup(request, (session) => query().execute({ ...values, ...session }));
    return { user: (await found)?.user ?? null, extra: extra() };
  };
}

/**
 * The user of this request's session, verified or not (pending). Only for the
 * places a pending session may use: /verify, /logout, the navigation.
 */
export async function getSessionUser(request: Request): Promise<User | null> {
  return (await lookup(request))?.user ?? null;
}

/** The signed-in user's id, or null for a visitor, a pending session or an expired/ended one. */
export async function getUserId(request: Request): Promise<string | null> {
  return (await getOptionalUser(request))?.id ?? null;
}

/** The signed-in user (email verified), or null. */
export async function getOptionalUser(request: Request): Promise<User | null> {
  const user = await getSessionUser(request);
  return user?.verified ? user : null;
}

/** When this request's session was signed in (epoch ms), or null without one. */
export async function signedInAt(request: Request): Promise<number | null> {
  return (await lookup(request))?.row.createdAt ?? null;
}

/** The path (and query) a visitor should come back to after signing in. */
export function returnPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  if (url.searchParams.get("index") === "") url.searchParams.delete("index");
  return url.pathname + url.search;
}

export function loginRedirectUrl(redirectTo: string): string {
  return `/login?${new URLSearchParams({ redirect: redirectTo })}`;
}

/** /verify, coming back to `redirectTo` once the email is verified. */
export function verifyRedirectUrl(redirectTo: string): string {
  return redirectTo === "/home" ? "/verify" : `/verify?${new URLSearchParams({ redirect: redirectTo })}`;
}

/**
 * The signed-in (verified) user; a visitor is sent to `/login?redirect=<this
 * page>`, a pending session to /verify.
 */
export async function requireUser(request: Request, opts: { redirectTo?: string } = {}): Promise<User> {
  const user = await getSessionUser(request);
  const back = opts.redirectTo ?? returnPath(request);
  if (!user) throw redirect(loginRedirectUrl(back));
  if (!user.verified) throw redirect(verifyRedirectUrl(back));
  return user;
}

/** The signed-in (verified) user's id; see requireUser. */
export async function requireUserId(request: Request, opts: { redirectTo?: string } = {}): Promise<string> {
  return (await requireUser(request, opts)).id;
}

/** Any session's user, pending included (/verify, /logout); a visitor is sent to log in. */
export async function requireSessionUser(request: Request): Promise<User> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(loginRedirectUrl(returnPath(request)));
  return user;
}

/** A visitor only (login, register, email step): a signed-in user goes to /home, a pending one to /verify. */
export async function requireVisitor(request: Request): Promise<void> {
  const user = await getSessionUser(request);
  if (user) throw redirect(user.verified ? "/home" : "/verify");
}

/**
 * Starts a session for `userId`: a new random id (256 bits) and row. Returns
 * the Set-Cookie header value.
 */
export async function createSessionCookie(request: Request, userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  const db = getDb();
  await db.insert(schema.sessions)
    .values({ id: hashToken(token), userId, expiresAt: now + SESSION_TTL_MS, createdAt: now });
  // Housekeeping: this user's expired rows go when they sign in again.
  await db.delete(schema.sessions)
    .where(and(eq(schema.sessions.userId, userId), lt(schema.sessions.expiresAt, now)));
  return sessionCookie(request).serialize(token, { maxAge: SESSION_TTL_MS / 1000 });
}

/** Ends this request's session (its row goes) and returns the Set-Cookie that clears the cookie. */
export async function destroySessionCookie(request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) await getDb().delete(schema.sessions).where(eq(schema.sessions.id, hashToken(token)));
  cached(request).clear();
  return sessionCookie(request).serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * Extends a session used more than a day after it was last extended, never
 * past its absolute end. Returns the refreshed Set-Cookie value, or null when
 * nothing changed.
 */
export async function renewSession(request: Request): Promise<string | null> {
  const found = await lookup(request);
  if (!found) return null;
  const now = Date.now();
  const expiresAt = endOf(found.row, now);
  if (expiresAt - found.row.expiresAt < RENEW_AFTER_MS) return null;
  await getDb().update(schema.sessions).set({ expiresAt }).where(eq(schema.sessions.id, found.row.id));
  return sessionCookie(request).serialize(found.token, { maxAge: Math.floor((expiresAt - now) / 1000) });
}

/** The id of this request's session row (a hash, never the cookie's value), or null. */
export async function currentSessionId(request: Request): Promise<string | null> {
  return (await lookup(request))?.row.id ?? null;
}

/** Ends every session of a user but the ones named (session row ids). */
export async function endSessionsExcept(userId: string, keep: (string | null | undefined)[]): Promise<void> {
  const ids = keep.filter((id): id is string => !!id);
  await getDb()
    .delete(schema.sessions)
    .where(and(eq(schema.sessions.userId, userId), ids.length ? notInArray(schema.sessions.id, ids) : undefined));
}

/** Ends every session of a user except the one of `request` (password change). */
export async function endOtherSessions(userId: string, request: Request): Promise<void> {
  const token = await readToken(request);
  await endSessionsExcept(userId, [token ? hashToken(token) : null]);
}

/** Ends every session of a user (password reset, the email proven by another sign-in). */
export async function endAllSessions(userId: string): Promise<void> {
  await getDb().delete(schema.sessions).where(eq(schema.sessions.userId, userId));
}
