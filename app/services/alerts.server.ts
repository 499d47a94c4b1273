// Alerts (spec §4, §8) travel as a one-time flash cookie across a redirect and
// are shown by the root; their timing runs in CSS so they also work without JS.
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import type { Alert, AlertInput } from "~/types/views";
import { config } from "./config.server";

export type { Alert, AlertInput, AlertType } from "~/types/views";

type AlertSessionStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, { alert: Alert }>>;
let storage: AlertSessionStorage | undefined;
function alertStorage() {
  const cfg = config();
  storage ??= createCookieSessionStorage<Record<string, never>, { alert: Alert }>({
    cookie: {
      name: "__alert",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: cfg.production && cfg.publicUrl?.startsWith("https:") === true,
      secrets: [cfg.sessionSecret],
    },
  });
  return storage;
}

/** The Set-Cookie header that carries an alert to the next page. */
export async function alertCookie(alert: AlertInput, request?: Request): Promise<string> {
  const s = alertStorage();
  const session = await s.getSession(request?.headers.get("Cookie"));
  session.flash("alert", { ...alert, id: crypto.randomUUID() });
  return s.commitSession(session);
}

export async function redirectWithAlert(url: string, alert: AlertInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await alertCookie(alert));
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the alert of this request, if any. */
export async function readAlert(request: Request): Promise<{ alert: Alert | null; setCookie: string | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__alert=")) return { alert: null, setCookie: null };
  const s = alertStorage();
  const session = await s.getSession(cookie);
  const alert = (session.get("alert") as Alert | undefined) ?? null;
  return { alert, setCookie: alert ? await s.commitSession(session) : await s.destroySession(session) };
}
