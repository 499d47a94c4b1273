import crypto from "node:crypto";

/** Ids in the app's shape (random, URL-safe). */
export function newIdForTest(): string {
  return crypto.randomBytes(12).toString("base64url");
}
