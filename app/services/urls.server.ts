import { config } from "./config.server";

/** The origin links in emails use: PUBLIC_URL, else the origin the request came to. */
export function siteOrigin(request: Request): string {
  return config().publicUrl ?? new URL(request.url).origin;
}

/** An absolute URL for a path on this site (for emails). */
export function absoluteUrl(request: Request, pathWithSearch: string): string {
  return new URL(pathWithSearch, `${siteOrigin(request)}/`).toString();
}
