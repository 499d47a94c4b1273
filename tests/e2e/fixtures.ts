// Shared helpers for the end-to-end tests.
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import * as schema from "../../db/schema";

export { expect };

/** A direct handle on the server's database, for data the UI cannot make (yet). */
export function openTestDb() {
  const sqlite = new Database(path.join(process.env.E2E_DIR!, "app.db"));
  sqlite.pragma("busy_timeout = 5000");
  return { db: drizzle(sqlite, { schema }), close: () => sqlite.close() };
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
