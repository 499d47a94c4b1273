// Password hashes (OWASP ASVS 5): scrypt with N=2^17, r=8, p=1 and a random
// 16-byte salt, stored self-describing as scrypt$17$8$1$<salt>$<hash> so the
// cost can be raised later without breaking old hashes. PASSWORD_HASH_COST
// lowers N for test runs only (config.server.ts).
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { config } from "~/services/config.server";
import { getDb, schema, type Db, type Tx } from "~/services/db.server";

const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function scrypt(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128·N·r bytes; allow twice that.
  const maxmem = 256 * N * r;
  return new Promise((resolve, reject) => {
    crypto.scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const logN = config().passwordHashCost;
  const hash = await scrypt(password, salt, logN, R, P);
  return ["scrypt", logN, R, P, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/** Compares in constant time; false for a malformed stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, logN, r, p, salt, hash] = stored.split("$");
  if (algo !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const n = Number(logN);
  const rr = Number(r);
  const pp = Number(p);
  if (![n, rr, pp].every((x) => Number.isInteger(x) && x > 0) || n > 22) return false;
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), n, rr, pp);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** A well-formed hash at the current cost that no password matches: random bytes, not the hash of anything. */
let noMatch: string | undefined;
const noMatchingHash = () =>
  (noMatch ??= ["scrypt", config().passwordHashCost, R, P, crypto.randomBytes(SALT_BYTES).toString("base64url"), crypto.randomBytes(KEY_LENGTH).toString("base64url")].join("$"));

/**
 * Does the work of a real check and answers false: an unknown address or an
 * account without a password takes as long to refuse as a wrong password.
 */
export async function verifyNoPassword(password: string): Promise<false> {
  await verifyPassword(password, noMatchingHash());
  return false;
}

export async function getPasswordHash(userId: string): Promise<string | null> {
  const [row] = await getDb().select({ hash: schema.passwords.hash }).from(schema.passwords).where(eq(schema.passwords.userId, userId)).limit(1);
  return row?.hash ?? null;
}

/** Removes the password: the account signs in by email link or Google until a new one is set. */
export async function deletePasswordHash(userId: string, tx: Tx | Db = getDb()) {
  await tx.delete(schema.passwords).where(eq(schema.passwords.userId, userId));
}

/** Stores an already computed hash (hash outside a transaction: it is slow). */
export async function storePasswordHash(userId: string, hash: string, tx: Tx | Db = getDb()) {
  await tx.insert(schema.passwords)
    .values({ userId, hash, updatedAt: Date.now() })
    .onConflictDoUpdate({ target: schema.passwords.userId, set: { hash, updatedAt: Date.now() } });
}
