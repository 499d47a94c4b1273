// Shared helpers for the end-to-end tests.
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { dialect, schemas } from "../../db/schema";
import type { Db } from "../../app/services/dialect/types";
import { e2eDatabaseUrl } from "./database";

export { expect };

/**
 * A direct handle on the server's database (SQLite or PostgreSQL), for data the
 * UI cannot make (yet). Await every statement; `await close()` when done.
 */
export function openTestDb(): { db: Db; close: () => Promise<void> } {
  if (dialect === "pg") {
    const pool = new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 2 });
    return { db: pgDrizzle(pool, { schema: schemas.pg }) as unknown as Db, close: () => pool.end() };
  }
  const sqlite = new Database(e2eDatabaseUrl());
  sqlite.pragma("busy_timeout = 5000");
  // better-sqlite3's builders run when awaited, like the async ones.
  const db = sqliteDrizzle(sqlite, { schema: schemas.sqlite }) as unknown as Db;
  return { db, close: async () => void sqlite.close() };
}

let counter = 0;
/** A value no other test (or run) uses. */
export function unique(prefix = "t"): string {
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}`;
}

/** The site on another campus host (design A4): *.localhost resolves to this machine. */
export function campusUrl(baseURL: string | undefined, host: string, pathname = "/"): string {
  const url = new URL(pathname, baseURL);
  url.hostname = host;
  return url.toString();
}

/** Fails on serious or critical accessibility violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

// javaScriptEnabled is a built-in option: the `js` and `nojs` projects set it.
export const test = base;
