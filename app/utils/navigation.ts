// The back button (spec §4 navigation history): pages that are never a target,
// and the fixed targets. Shared by the server (first render, no JS) and the
// browser (history kept in localStorage).

const ACCOUNT_SUBPAGE = /^\/settings\/account\/(?:screen_name|password|email)\/?$/;
const SKIPPED = [
  /^\/(login|register|user_registration|forgotpassword|logout|verify|reset-password|auth)(\/|$)/,
  /^\/settings(\/|$)/,
  /^\/create\/comment(\/|$)/,
  /^\/messages(\/|$)/,
];

/** Pages that going back never lands on. */
export function isSkippedInHistory(pathname: string): boolean {
  return SKIPPED.some((re) => re.test(pathname));
}

/** A fixed back target for this page, if it has one. */
export function fixedBackTarget(pathname: string): string | null {
  if (ACCOUNT_SUBPAGE.test(pathname)) return "/settings/account";
  return null;
}

export const HISTORY_KEY = "history";
export const HISTORY_TTL_MS = 24 * 3600_000;
export type HistoryEntry = { path: string; createdAt: number };

/**
 * Where Back goes: account sub-settings → /settings/account; otherwise the most
 * recent page that is not this one and not skipped; with none → /home.
 */
export function backTarget(current: string, history: HistoryEntry[], now = Date.now()): string {
  const pathname = current.split("?")[0]!;
  const fixed = fixedBackTarget(pathname);
  if (fixed) return fixed;
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i]!;
    if (now - entry.createdAt > HISTORY_TTL_MS) break;
    const entryPath = entry.path.split("?")[0]!;
    if (entry.path === current || entryPath === pathname) continue;
    if (isSkippedInHistory(entryPath)) continue;
    return entry.path;
  }
  return "/home";
}

/** Only same-site paths may be redirect or back targets. */
export function safePath(value: string | null | undefined, fallback = "/home"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
