// Shared helpers for the end-to-end tests.
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { createDbClient, type Db } from "../../app/services/db.server";
import { e2eDatabaseUrl } from "./database";

export { expect };

/**
 * A direct handle on the server's database, for data the UI cannot make (yet):
 * the app's own client factory on the server's DATABASE_URL, so it is SQLite
 * or PostgreSQL as the server is. Await every statement; `await close()` when done.
 */
export function openTestDb(): { db: Db; close: () => Promise<void> } {
  const client = createDbClient(e2eDatabaseUrl());
  return { db: client.db, close: () => client.close() };
}

let counter = 0;
/** A value no other test (or run) uses. */
export function unique(prefix = "t"): string {
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}`;
}

/** The site on another campus host (docs/product.md §1): *.localhost resolves to this machine. */
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
