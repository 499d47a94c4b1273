// Alerts (docs/product.md §19) travel as a one-time flash cookie across a redirect and
// are shown by the root; their timing runs in CSS so they also work without JS.
import { createCookieSessionStorage, redirect, type Cookie } from "@remix-run/node";
import type { Alert, AlertInput } from "~/types/views";
import { appCookie, hasCookie } from "./cookies.server";

export type { Alert, AlertInput, AlertType } from "~/types/views";

const flashCookie = appCookie("__alert");
type AlertSessionStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, { alert: Alert }>>;
const storages = new WeakMap<Cookie, AlertSessionStorage>();

/** The flash storage on this request's cookie (Secure and prefixed as cookies.server decides). */
function alertStorage(request: Request): AlertSessionStorage {
  const cookie = flashCookie(request);
  let storage = storages.get(cookie);
  if (!storage) {
    storage = createCookieSessionStorage<Record<string, never>, { alert: Alert }>({ cookie });
    storages.set(cookie, storage);
  }
  return storage;
}

/** The Set-Cookie header that carries an alert to the next page. */
export async function alertCookie(request: Request, alert: AlertInput): Promise<string> {
  const s = alertStorage(request);
  const session = await s.getSession(request.headers.get("Cookie"));
  session.flash("alert", { ...alert, id: crypto.randomUUID() });
  return s.commitSession(session);
}

export async function redirectWithAlert(request: Request, url: string, alert: AlertInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await alertCookie(request, alert));
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the alert of this request, if any. */
export async function readAlert(request: Request): Promise<{ alert: Alert | null; setCookie: string | null }> {
  if (!hasCookie(request, flashCookie(request))) return { alert: null, setCookie: null };
  const s = alertStorage(request);
  const session = await s.getSession(request.headers.get("Cookie"));
  const alert = (session.get("alert") as Alert | undefined) ?? null;
  return { alert, setCookie: alert ? await s.commitSession(session) : await s.destroySession(session) };
}
