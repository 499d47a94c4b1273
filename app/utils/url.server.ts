import { config } from "~/services/config.server";

/** The origin links in emails and share links use: PUBLIC_URL, else the request's own. */
export function siteOrigin(request: Request): string {
  return config().publicUrl ?? new URL(request.url).origin;
}
