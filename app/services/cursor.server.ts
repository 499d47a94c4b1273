// The one cursor format of every keyset page: the key's parts (integers, ids,
// a few fixed words) joined by "." and base64url-encoded, so a link carries an
// opaque token. Decoding checks every part before it reaches a query: a
// cursor that was edited, cut short or made up reads as no cursor (the first
// page), never as a statement the database refuses (a NUL in an id, an
// integer out of a column's range on PostgreSQL).

/** Longer than any cursor we write: a longer value is refused unread. */
const CURSOR_MAX = 200;
const BASE64URL = /^[\w-]+$/;
const ID = /^[\w-]{1,64}$/;
const INTEGER = /^\d{1,16}$/;

/** PostgreSQL `integer` (price_cents): a larger value in a query is an error there. */
export const INT4_MAX = 2_147_483_647;

type Part = string | number;

export function encodeCursor(parts: readonly Part[]): string {
  return Buffer.from(parts.join(".")).toString("base64url");
}

/** The cursor's parts, exactly `count` of them, or null if it is not one of ours. */
export function cursorParts(value: string | null | undefined, count: number): string[] | null {
  if (!value || value.length > CURSOR_MAX || !BASE64URL.test(value)) return null;
  const parts = Buffer.from(value, "base64url").toString().split(".");
  return parts.length === count ? parts : null;
}

/** A non-negative integer part (a time in ms, a count, cents), or null. */
export function cursorInt(part: string | undefined, max = Number.MAX_SAFE_INTEGER): number | null {
  if (part === undefined || !INTEGER.test(part)) return null;
  const n = Number(part);
  return n <= max ? n : null;
}

/** An id part (our ids are base64url), or null. */
export function cursorId(part: string | undefined): string | null {
  return part !== undefined && ID.test(part) ? part : null;
}

/** The common key: a time (or another integer) and the row's id. */
export type KeysetCursor = { at: number; id: string };

export function encodeKeysetCursor(c: KeysetCursor): string {
  return encodeCursor([c.at, c.id]);
}

export function decodeKeysetCursor(value: string | null | undefined): KeysetCursor | null {
  const parts = cursorParts(value, 2);
  const at = cursorInt(parts?.[0]);
  const id = cursorId(parts?.[1]);
  return at !== null && id !== null ? { at, id } : null;
}
