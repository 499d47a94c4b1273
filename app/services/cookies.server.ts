// How every cookie the server sets is sent: one place decides, per request.
// Over https (the request's own scheme, or an https PUBLIC_URL) a cookie is
// `Secure`; in production over https it also takes the `__Host-` prefix, which
// browsers accept only from this exact host, with Path=/ and no Domain — so a
// sibling subdomain or a plain-http page cannot plant or overwrite it.
import { createCookie, type Cookie, type CookieOptions } from "@remix-run/node";
import { config } from "./config.server";

export type CookiePolicy = { secure: boolean; hostPrefix: boolean };

/** The policy for a request to `requestUrl` on a site with these settings. */
export function cookiePolicy(requestUrl: string, site: { production: boolean; publicUrl?: string }): CookiePolicy {
  const secure = new URL(requestUrl).protocol === "https:" || site.publicUrl?.startsWith("https:") === true;
  return { secure, hostPrefix: secure && site.production };
}

/** `__session` → `__Host-session` under the prefix; unchanged otherwise. */
export function cookieName(base: string, policy: CookiePolicy): string {
  return policy.hostPrefix ? `__Host-${base.replace(/^_+/, "")}` : base;
}

/** Everything but the name and the lifetime: the same for all our cookies. */
type AppCookieOptions = Pick<CookieOptions, "maxAge">;

/**
 * A signed, httpOnly, SameSite=Lax cookie on Path=/ (no Domain), made once per
 * policy. Call the returned function with the request to get the cookie to
 * read from and write to.
 */
export function appCookie(base: string, options: AppCookieOptions = {}): (request: Request) => Cookie {
  const made = new Map<string, Cookie>();
  return (request) => {
    const cfg = config();
    const policy = cookiePolicy(request.url, cfg);
    const key = `${policy.secure}:${policy.hostPrefix}`;
    let cookie = made.get(key);
    if (!cookie) {
      cookie = createCookie(cookieName(base, policy), {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: policy.secure,
        secrets: [cfg.sessionSecret],
        ...options,
      });
      made.set(key, cookie);
    }
    return cookie;
  };
}

/** The request's first cookie of this name as its Cookie header has it (`name=value`, what the cookie's parser takes), or null. */
export function cookiePair(request: Request, cookie: Cookie): string | null {
  return (
    request.headers
      .get("Cookie")
      ?.split(/;\s*/)
      .find((pair) => pair.startsWith(`${cookie.name}=`)) ?? null
  );
}

/** True when the request's Cookie header has a cookie of this name (a cheap check before parsing). */
export function hasCookie(request: Request, cookie: Cookie): boolean {
  return cookiePair(request, cookie) !== null;
}
