// The back button (docs/product.md §19): pages that are never a target,
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
    return safePath(entry.path);
  }
  return "/home";
}

/** Longest path accepted as a redirect or back target. */
const SAFE_PATH_MAX = 2000;

/** C0 controls (TAB, CR, LF, NUL…), DEL and C1 controls; with `strict`, also the space and the backslash (read as "/"). */
function hasUnsafeCharacter(text: string, strict: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
    if (strict && (code === 0x20 || code === 0x5c)) return true;
  }
  return false;
}

/**
 * The one rule for every redirect and back target (`redirect`, `redirectTo`,
 * `goBack`, `returnTo`, the Back button): only a path on this site, checked by
 * parsing it as a browser would. Refused, in favour of `fallback`: anything
 * not starting with one "/"; control characters anywhere, raw or
 * percent-encoded (browsers drop TAB/CR/LF, so "/\t/evil.example" would be
 * "//evil.example"); raw spaces and backslashes; "//" or "/\\" at the start
 * once decoded; and whatever resolves to another origin.
 * Returns the normalised path, search and hash.
 */
export function safePath(value: unknown, fallback = "/home"): string {
  if (typeof value !== "string" || value.length > SAFE_PATH_MAX) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  if (hasUnsafeCharacter(value, true)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback; // bad percent-encoding
  }
  if (/^\/[\\/]/.test(decoded) || hasUnsafeCharacter(decoded, false)) return fallback;
  const base = "http://site.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base || url.username || url.password) return fallback;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("//") ? fallback : path;
}
