// The origins this site answers to, and the one every absolute link is built
// from. Links never take a request's Host as it came: a host that is not on
// the allowlist (PUBLIC_URL, CAMPUS_ORIGINS, and outside production localhost
// and *.localhost on the server's own port) gets links to the default site.
import { campusIdFromHost } from "~/utils/campus";
import { config } from "./config.server";

let listeningPort: number | undefined;

/** Called once the server listens (PORT=0 lets the system choose the port). */
export function setServerPort(port: number): void {
  listeningPort = port;
}

function serverPort(): number {
  return listeningPort ?? config().port;
}

/** The default site: PUBLIC_URL, or http://localhost:PORT in development. */
export function defaultOrigin(): string {
  return config().publicUrl ?? `http://localhost:${serverPort()}`;
}

/** PUBLIC_URL first, then the campus sites. */
export function configuredOrigins(): string[] {
  const cfg = config();
  return [...(cfg.publicUrl ? [cfg.publicUrl] : []), ...cfg.campusOrigins];
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

function portOf(url: URL): string {
  return url.port || DEFAULT_PORTS[url.protocol] || "";
}

/**
 * Does a request for `url` address the configured origin `origin`? The host
 * name must be the same; so must the port, where a request without one (a
 * proxy in front speaks the standard ports) matches an origin on 80 or 443, and
 * an explicit standard port matches the origin that implies it.
 */
function addresses(url: URL, origin: URL): boolean {
  if (url.hostname !== origin.hostname) return false;
  if (url.port === origin.port || url.port === portOf(origin)) return true;
  return !url.port && (portOf(origin) === "80" || portOf(origin) === "443");
}

const isLocalName = (hostname: string) => hostname === "localhost" || hostname.endsWith(".localhost");

/** Outside production: localhost or *.localhost on this server's own port. */
function isLocalDevHost(url: URL): boolean {
  return !config().production && isLocalName(url.hostname) && portOf(url) === String(serverPort());
}

/** The allowlisted origin a request URL is for, or null when its host is not one of ours. */
export function allowedOrigin(requestUrl: string | URL): string | null {
  const url = new URL(requestUrl);
  for (const origin of configuredOrigins()) {
    if (addresses(url, new URL(origin))) return origin;
  }
  return isLocalDevHost(url) ? url.origin : null;
}

/** The origin links for this request use: its own when allowlisted, else the default site. */
export function siteOrigin(request: Request): string {
  return allowedOrigin(request.url) ?? defaultOrigin();
}

/** An absolute URL for a path on this site (emails, share links, OAuth callbacks). */
export function absoluteUrl(request: Request, pathWithSearch: string): string {
  return urlOnSite(siteOrigin(request), pathWithSearch);
}

/** An absolute URL for a path on the site at `origin` (one siteOrigin gave). */
export function urlOnSite(origin: string, pathWithSearch: string): string {
  return new URL(pathWithSearch, `${origin}/`).toString();
}

/**
 * Served over https: the request came over TLS (or from a trusted proxy that
 * says so), or its site (or the default one) is configured as https.
 */
export function servedOverHttps(requestUrl: string | URL): boolean {
  const url = new URL(requestUrl);
  return url.protocol === "https:" || (allowedOrigin(url) ?? defaultOrigin()).startsWith("https:");
}

/** The configured origin of a campus's site (one naming its host key first), if any. */
function configuredOriginOf(campus: { id: string; hostKey: string }): string | undefined {
  const ofCampus = configuredOrigins().filter((o) => campusIdFromHost(new URL(o).host) === campus.id);
  return ofCampus.find((o) => new URL(o).hostname.includes(campus.hostKey)) ?? ofCampus[0];
}

/**
 * A campus's site from configuration alone, never from a request: its
 * configured origin, else the default site (link previews' canonical URLs).
 */
export function configuredCampusOrigin(campus: { id: string; hostKey: string }): string {
  return configuredOriginOf(campus) ?? defaultOrigin();
}

/**
 * The address of a campus's own site (docs/product.md §1), from the allowlist: the
 * configured origin whose host is that campus (by A4: one naming its host key
 * first); in development, from a
 * localhost request, {hostKey}.localhost on this server; else
 * https://{hostKey}.com.
 */
export function campusOrigin(campus: { id: string; hostKey: string }, requestUrl: string | URL): string {
  const configured = configuredOriginOf(campus);
  if (configured) return configured;
  const url = new URL(requestUrl);
  if (isLocalDevHost(url)) return `${url.protocol}//${campus.hostKey}.localhost:${serverPort()}`;
  return `https://${campus.hostKey}.com`;
}
