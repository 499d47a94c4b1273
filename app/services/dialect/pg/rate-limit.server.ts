// Rate limits on PostgreSQL: rate-limiter-flexible's Postgres store on the
// pool. Each count is one atomic INSERT … ON CONFLICT DO UPDATE on the
// `rate_limits` table (key text, points int, expire bigint, in that order: the
// store inserts by position), so processes sharing the database share limits.
import type pg from "pg";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import type { RateLimitDialect } from "../types";

export function createPgRateLimits(handle: { pool: pg.Pool }): RateLimitDialect {
  return {
    limiter: (opts) =>
      new RateLimiterPostgres({ storeClient: handle.pool, storeType: "pool", tableName: "rate_limits", tableCreated: true, ...opts }),
  };
}
