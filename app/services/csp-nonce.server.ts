// The nonce of a document's Content-Security-Policy: 16 random bytes, base64.
// Drawn from a pool filled 4 KB at a time from the same CSPRNG: one call into
// OpenSSL per request cost about half a percent of a small page.
import crypto from "node:crypto";

const NONCE_BYTES = 16;
const pool = Buffer.alloc(256 * NONCE_BYTES);
let offset = pool.length;

/** A fresh nonce for one response (never handed out twice: each comes from unused bytes of the pool). */
export function cspNonce(): string {
  if (offset === pool.length) {
    crypto.randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
