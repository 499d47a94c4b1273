// The PostgreSQL dialect: DATABASE_URL=postgres://… (or postgresql://…).
import { SQL, type Logger } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { schemas } from "../../../../db/schema";
import type { DbClient } from "../types";
import { openPg } from "./client.server";
import { createPgOutbox } from "./outbox.server";
import { createPgRateLimits } from "./rate-limit.server";
import { createPgSearch } from "./search.server";

export function createPgClient(url: string, opts: { poolMax: number; logger?: Logger }): DbClient {
  const handle = openPg(url, { schema: schemas.pg, ...opts });
  return {
    dialect: "pg",
    db: handle.db,
    transaction: handle.transaction,
    migrate: handle.migrate,
    check: async () => void (await handle.pool.query("select 1")),
    // As autovacuum would after a bulk load: the statistics, and the visibility map, without which an index-only scan still reads every table page.
    analyze: async () => void (await handle.pool.query("vacuum analyze")),
    explain: async (query, opts) => {
      const { sql, params } = query instanceof SQL ? new PgDialect().sqlToQuery(query) : query;
      const { rows } = await handle.pool.query<{ "QUERY PLAN": string }>(`explain ${opts?.analyze ? "(analyze, buffers) " : ""}${sql}`, params);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    },
    close: handle.close,
    search: createPgSearch(handle),
    outbox: createPgOutbox(handle),
    rateLimits: createPgRateLimits(handle),
  };
}
