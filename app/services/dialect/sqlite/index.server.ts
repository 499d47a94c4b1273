// The SQLite dialect: the embedded default (DATABASE_URL unset, a path or a file: URL).
import { SQL, type Logger } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { DbClient } from "../types";
import { openSqlite } from "./client.server";
import { createSqliteOutbox } from "./outbox.server";
import { createSqliteRateLimits } from "./rate-limit.server";
import { createSqliteSearch } from "./search.server";

export function createSqliteClient(file: string, opts: { logger?: Logger } = {}): DbClient {
  const handle = openSqlite(file, opts);
  return {
    dialect: "sqlite",
    db: handle.db,
    transaction: handle.transaction,
    migrate: handle.migrate,
    check: () => handle.exclusive((sqlite) => void sqlite.prepare("select 1").get()),
    analyze: () => handle.exclusive((sqlite) => void sqlite.exec("analyze")),
    explain: (query) => {
      const { sql, params } = query instanceof SQL ? new SQLiteSyncDialect().sqlToQuery(query) : query;
      return handle.exclusive((sqlite) =>
        (sqlite.prepare(`explain query plan ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join("\n"),
      );
    },
    close: handle.close,
    search: createSqliteSearch(handle),
    outbox: createSqliteOutbox(handle.db),
    rateLimits: createSqliteRateLimits(handle),
  };
}
