// What one HTTP request works out once and every loader of it shares (the
// session's row and user): Remix hands each loader its own Request object, so a
// cache keyed by the Request misses. The server runs each request inside its
// own scope; nothing kept here outlives the request or reaches another one.
import { AsyncLocalStorage } from "node:async_hooks";

const scopes = new AsyncLocalStorage<Map<string, unknown>>();

/** Runs `fn` (one request's handling) with a fresh scope. */
export function withRequestScope<T>(fn: () => T): T {
  return scopes.run(new Map(), fn);
}

/** The running request's scope, or undefined outside one (unit tests that call a loader directly). */
export function requestScope(): Map<string, unknown> | undefined {
  return scopes.getStore();
}
