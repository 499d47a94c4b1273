// Sessions (design B): a `sessions` row per sign-in; the `__session` cookie holds
// only the signed session id. The row's id is a SHA-256 of that value, so a copy
// of the database does not hand out live sessions.
import crypto from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { config } from "./config.server";
import { getDb, schema } from "./db.server";

/** A users row (the users model works with the same type). */
export type User = typeof schema.users.$inferSelect;

const DAY = 24 * 3600_000;
export const SESSION_TTL_MS = 30 * DAY;
/** A session is extended at most once a day, when it is used. */
const RENEW_AFTER_MS = DAY;

let sessionCookie: ReturnType<typeof createCookie> | undefined;
function cookie() {
  const cfg = config();
  sessionCookie ??= createCookie("__session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: cfg.production && cfg.publicUrl?.startsWith("https:") === true,
    secrets: [cfg.sessionSecret],
    maxAge: SESSION_TTL_MS / 1000,
  });
  return sessionCookie;
}

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("base64url");
}

async function readToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__session=")) return null;
  const value: unknown = await cookie().parse(header);
  return typeof value === "string" && value.length >= 22 ? value : null;
}

type SessionRow = typeof schema.sessions.$inferSelect;

// Several loaders of one request ask for the user: look the session up once.
const lookups = new WeakMap<Request, Promise<{ row: SessionRow; token: string } | null>>();

function lookup(request: Request) {
  let found = lookups.get(request);
  if (!found) {
    found = (async () => {
      const token = await readToken(request);
      if (!token) return null;
      const [row] = await getDb()
        .select()
        .from(schema.sessions)
        .where(and(eq(schema.sessions.id, hashToken(token)), gt(schema.sessions.expiresAt, Date.now())))
        .limit(1);
      return row ? { row, token } : null;
    })();
    lookups.set(request, found);
  }
  return found;
}

/** The signed-in user's id, or null for a visitor (or an expired/ended session). */
export async function getUserId(request: Request): Promise<string | null> {
  return (await lookup(request))?.row.userId ?? null;
}

/** The signed-in user, or null. */
export async function getOptionalUser(request: Request): Promise<User | null> {
  const userId = await getUserId(request);
  if (!userId) return null;
  const [user] = await getDb().select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  return user ?? null;
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

/**
 * The signed-in user's id; a visitor is sent to `/login?redirect=<this page>`
 * (or `opts.redirectTo`).
 */
export async function requireUserId(request: Request, opts: { redirectTo?: string } = {}): Promise<string> {
  const userId = await getUserId(request);
  if (!userId) throw redirect(loginRedirectUrl(opts.redirectTo ?? returnPath(request)));
  return userId;
}

/** The signed-in user; a visitor is sent to the login page. */
export async function requireUser(request: Request): Promise<User> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect(loginRedirectUrl(returnPath(request)));
  return user;
}

/** A visitor only: a signed-in user is sent to /home (login, register, email step). */
export async function requireVisitor(request: Request): Promise<void> {
  if (await getUserId(request)) throw redirect("/home");
}

/**
 * Starts a session for `userId`: a new random id (256 bits) and row. Returns
 * the Set-Cookie header value.
 */
export async function createSessionCookie(userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  const db = getDb();
  await db.insert(schema.sessions)
    .values({ id: hashToken(token), userId, expiresAt: now + SESSION_TTL_MS, createdAt: now });
  // Housekeeping: this user's expired rows go when they sign in again.
  await db.delete(schema.sessions)
    .where(and(eq(schema.sessions.userId, userId), lt(schema.sessions.expiresAt, now)));
  return cookie().serialize(token, { maxAge: SESSION_TTL_MS / 1000 });
}

/** Ends this request's session (its row goes) and returns the Set-Cookie that clears the cookie. */
export async function destroySessionCookie(request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) await getDb().delete(schema.sessions).where(eq(schema.sessions.id, hashToken(token)));
  lookups.delete(request);
  return cookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * Extends a session used more than a day after it was last extended. Returns
 * the refreshed Set-Cookie value, or null when nothing changed.
 */
export async function renewSession(request: Request): Promise<string | null> {
  const found = await lookup(request);
  if (!found) return null;
  const now = Date.now();
  if (found.row.expiresAt - now > SESSION_TTL_MS - RENEW_AFTER_MS) return null;
  await getDb()
    .update(schema.sessions)
    .set({ expiresAt: now + SESSION_TTL_MS })
    .where(eq(schema.sessions.id, found.row.id));
  return cookie().serialize(found.token, { maxAge: SESSION_TTL_MS / 1000 });
}

/** Ends every session of a user except the one of `request` (after a password change). */
export async function endOtherSessions(userId: string, request: Request): Promise<void> {
  const token = await readToken(request);
  const keep = token ? hashToken(token) : "";
  await getDb()
    .delete(schema.sessions)
    .where(and(eq(schema.sessions.userId, userId), ne(schema.sessions.id, keep)));
}

/** Ends every session of a user (password reset). */
export async function endAllSessions(userId: string): Promise<void> {
  await getDb().delete(schema.sessions).where(eq(schema.sessions.userId, userId));
}
