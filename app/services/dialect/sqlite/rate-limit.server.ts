// Rate limits on SQLite: rate-limiter-flexible's SQLite store on the one
// connection. Its statements run on the raw driver, so every store call takes
// the connection's lock first: a limit counted while another request's
// transaction is open never lands inside it.
import { RateLimiterSQLite } from "rate-limiter-flexible";
import type { RateLimitDialect } from "../types";
import type { SqliteHandle } from "./client.server";

/** The store's internal methods: every statement it runs goes through one of them. */
type StoreCalls = Record<"_upsert" | "_get" | "_delete", (...args: unknown[]) => Promise<unknown>>;
const STORE_CALLS = ["_upsert", "_get", "_delete"] as const;

export function createSqliteRateLimits(handle: SqliteHandle): RateLimitDialect {
  class LockedRateLimiter extends RateLimiterSQLite {}
  const base = RateLimiterSQLite.prototype as unknown as StoreCalls;
  const locked = LockedRateLimiter.prototype as unknown as StoreCalls;
  for (const name of STORE_CALLS) {
    locked[name] = function (this: unknown, ...args: unknown[]) {
      return handle.exclusive(() => base[name].apply(this, args));
    };
  }
  return {
    limiter: (opts) =>
      new LockedRateLimiter({ storeClient: handle.sqlite, storeType: "better-sqlite3", tableName: "rate_limits", tableCreated: true, ...opts }),
  };
}
