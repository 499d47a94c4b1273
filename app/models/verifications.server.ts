// One-time links and codes (sign-up, magic link, password reset, email change,
// school email). A row keeps only keyed hashes of its secrets; a link is
// `<row id>.<256-bit secret>`, a code six digits with a limited number of tries.
// Every row is single use (usedAt) and expires within 15 minutes.
import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { config } from "~/services/config.server";
import { getDb, newId, schema } from "~/services/db.server";

export type VerificationType = "signup" | "magic-link" | "reset" | "change-email" | "school-email";
export type Verification = typeof schema.verifications.$inferSelect;

export const VERIFICATION_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

function digest(value: string): string {
  return crypto.createHmac("sha256", config().sessionSecret).update(value).digest("base64url");
}

function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function randomCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}

export type CreatedVerification = { id: string; token: string; code: string | null; expiresAt: number };

/**
 * A new link (and, with `withCode`, a code) for `target`. Older unused rows of
 * the same type and target stay valid unless `replace` is set.
 */
export async function createVerification(opts: {
  type: VerificationType;
  target: string;
  userId?: string | null;
  payload?: Record<string, string>;
  withCode?: boolean;
  replace?: boolean;
  now?: number;
}): Promise<CreatedVerification> {
  const now = opts.now ?? Date.now();
  const id = newId();
  const secret = crypto.randomBytes(32).toString("base64url");
  const code = opts.withCode ? randomCode() : null;
  const target = opts.target.trim().toLowerCase();
  const payload = { ...opts.payload, ...(code ? { codeHash: digest(`${id}:code:${code}`) } : {}) };
  const expiresAt = now + VERIFICATION_TTL_MS;
  const db = getDb();
  await deleteExpiredVerifications(now);
  if (opts.replace) {
    await db.update(schema.verifications)
      .set({ expiresAt: now })
      .where(
        and(
          eq(schema.verifications.type, opts.type),
          eq(schema.verifications.target, target),
          isNull(schema.verifications.usedAt),
          gt(schema.verifications.expiresAt, now),
        ),
      );
  }
  await db.insert(schema.verifications)
    .values({
      id,
      type: opts.type,
      target,
      userId: opts.userId ?? null,
      codeHash: digest(`${id}:link:${secret}`),
      payload,
      expiresAt,
      createdAt: now,
    });
  return { id, token: `${id}.${secret}`, code, expiresAt };
}

export type CheckResult = { ok: true; row: Verification } | { ok: false; reason: "invalid" | "expired" | "used" | "too-many" };

async function getRow(type: VerificationType, id: string): Promise<Verification | undefined> {
  const [row] = await getDb()
    .select()
    .from(schema.verifications)
    .where(and(eq(schema.verifications.id, id), eq(schema.verifications.type, type)))
    .limit(1);
  return row;
}

export function getVerification(type: VerificationType, id: string): Promise<Verification | undefined> {
  return getRow(type, id);
}

/** Checks a link token without using it up (to show the form it leads to). */
export async function checkToken(type: VerificationType, token: string | null | undefined, now = Date.now()): Promise<CheckResult> {
  const [id, secret, extra] = (token ?? "").split(".");
  if (!id || !secret || extra !== undefined) return { ok: false, reason: "invalid" };
  const row = await getRow(type, id);
  if (!row || !sameDigest(row.codeHash, digest(`${id}:link:${secret}`))) return { ok: false, reason: "invalid" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, row };
}

/** Marks a row used; false when another request used it first. */
async function markUsed(id: string, now: number): Promise<boolean> {
  const used = await getDb()
    .update(schema.verifications)
    .set({ usedAt: now })
    .where(and(eq(schema.verifications.id, id), isNull(schema.verifications.usedAt), gt(schema.verifications.expiresAt, now)))
    .returning({ id: schema.verifications.id });
  return used.length === 1;
}

/** Checks a link token and uses it up: the second use of a link fails. */
export async function consumeToken(type: VerificationType, token: string | null | undefined, now = Date.now()): Promise<CheckResult> {
  const checked = await checkToken(type, token, now);
  if (!checked.ok) return checked;
  if (!(await markUsed(checked.row.id, now))) return { ok: false, reason: "used" };
  return { ok: true, row: { ...checked.row, usedAt: now } };
}

/**
 * Checks a typed code against the newest live row of `type` for `target` and
 * uses it up. Every try counts, right or wrong, and is counted before the
 * comparison: the try is claimed by one conditional UPDATE, so requests that
 * arrive together cannot all be compared before any is counted. After
 * MAX_CODE_ATTEMPTS tries the row is dead, even for the right code.
 */
export async function consumeCode(type: VerificationType, target: string, code: string, now = Date.now()): Promise<CheckResult> {
  const db = getDb();
  const { verifications } = schema;
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.type, type), eq(verifications.target, target.trim().toLowerCase()), isNull(verifications.usedAt)))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  if (!row?.payload?.codeHash) return { ok: false, reason: "invalid" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };
  const [claimed] = await db
    .update(verifications)
    .set({ attempts: sql`${verifications.attempts} + 1` })
    .where(and(eq(verifications.id, row.id), lt(verifications.attempts, MAX_CODE_ATTEMPTS)))
    .returning({ attempts: verifications.attempts });
  if (!claimed) return { ok: false, reason: "too-many" };
  if (!sameDigest(row.payload.codeHash, digest(`${row.id}:code:${code.trim()}`))) {
    return { ok: false, reason: claimed.attempts >= MAX_CODE_ATTEMPTS ? "too-many" : "invalid" };
  }
  if (!(await markUsed(row.id, now))) return { ok: false, reason: "used" };
  return { ok: true, row: { ...row, attempts: claimed.attempts, usedAt: now } };
}

/** Uses up every live row of a type for a target (e.g. after the email was verified another way). */
export async function retireVerifications(type: VerificationType, target: string, now = Date.now()) {
  await getDb()
    .update(schema.verifications)
    .set({ usedAt: now })
    .where(and(eq(schema.verifications.type, type), eq(schema.verifications.target, target.trim().toLowerCase()), isNull(schema.verifications.usedAt)));
}

/** Rows past their time are of no use to anyone. */
export async function deleteExpiredVerifications(now = Date.now()) {
  await getDb()
    .delete(schema.verifications)
    .where(sql`${schema.verifications.expiresAt} < ${now - 24 * 3600_000}`);
}
