// The US region gate (docs/product.md §18): only visitors in the US whose browser time zone
// keeps the same clock as their IP's time zone get in; others go to /404.
//
// Where the location comes from: headers set by a trusted edge proxy (for
// example Cloudflare's CF-IPCountry and a time zone header), read only when
// GEO_COUNTRY_HEADER / GEO_TIMEZONE_HEADER name them. There is no in-process
// GeoIP database yet: without those headers the location is unknown, and an
// unknown location is let in, as is a missing browser time zone.
import { BlockList, isIP } from "node:net";
import { tzOffset } from "@date-fns/tz";
import type { Config } from "./config.server";
import { timeZoneHint } from "./client-hints.server";
import { validTimeZone } from "~/services/time.server";

export const ALLOWED_COUNTRIES = new Set(["US"]);

/** Paths the gate never applies to: where it sends people, health checks, unsubscribing. */
export const GATE_EXEMPT = [/^\/404(\.data)?$/, /^\/healthz$/, /^\/build\//, /^\/__manifest$/, /^\/unsubscribe(\.data)?$/, /^\/favicon\./];

export type Location = {
  /** "edge": a trusted proxy header answered; "lookup": from the address itself; null: nobody knows. */
  source: "edge" | "lookup" | null;
  /** ISO 3166 code, upper case, or null when unknown. */
  country: string | null;
  ipTimeZone: string | null;
};

export type GateInput = Location & {
  enabled: boolean;
  /** The client's address is loopback, private or link-local. */
  privateAddress: boolean;
  browserTimeZone: string | null;
};

export type GateReason =
  | "gate off"
  | "firewall shown"
  | "exempt path"
  | "private address"
  | "unknown location"
  | "outside the US"
  | "unknown time zone"
  | "time zones match"
  | "time zones differ";

export type GateDecision = { allow: boolean; reason: GateReason };

/** The decision itself, free of I/O. */
export function gateDecision(input: GateInput, now = Date.now()): GateDecision {
  if (!input.enabled) return { allow: true, reason: "gate off" };
  // A proxy we trust has placed the visitor even when the last hop is private.
  if (input.source !== "edge" && input.privateAddress) return { allow: true, reason: "private address" };
  if (!input.country) return { allow: true, reason: "unknown location" };
  if (!ALLOWED_COUNTRIES.has(input.country)) return { allow: false, reason: "outside the US" };
  if (!input.ipTimeZone || !input.browserTimeZone) return { allow: true, reason: "unknown time zone" };
  return sameClock(input.ipTimeZone, input.browserTimeZone, now)
    ? { allow: true, reason: "time zones match" }
    : { allow: false, reason: "time zones differ" };
}

/**
 * Two zone names "match" when they keep the same clock all year: the same name,
 * or aliases and neighbours such as America/Indiana/Indianapolis and
 * America/New_York (same offset now, in January and in July). America/Phoenix
 * and America/Denver differ in summer, so they do not match.
 */
export function sameClock(a: string, b: string, now = Date.now()): boolean {
  if (a === b) return true;
  const year = new Date(now).getUTCFullYear();
  const dates = [new Date(now), new Date(Date.UTC(year, 0, 15)), new Date(Date.UTC(year, 6, 15))];
  try {
    return dates.every((d) => tzOffset(a, d) === tzOffset(b, d));
  } catch {
    return false;
  }
}

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::1", 128],
  ["::", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv6");
}

/** Answers for the addresses seen lately: a client sends many requests, and a BlockList check builds a SocketAddress each time. */
const privateAnswers = new Map<string, boolean>();
const PRIVATE_ANSWERS_MAX = 1000;

/** Loopback, private, carrier-grade NAT or link-local: no lookup can place it. An empty or malformed address counts too. */
export function isPrivateAddress(ip: string | null | undefined): boolean {
  if (!ip) return true;
  let answer = privateAnswers.get(ip);
  if (answer === undefined) {
    answer = checkPrivate(ip);
    if (privateAnswers.size >= PRIVATE_ANSWERS_MAX) privateAnswers.clear();
    privateAnswers.set(ip, answer);
  }
  return answer;
}

function checkPrivate(ip: string): boolean {
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  const address = mapped ?? ip;
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

type HeaderReader = (name: string) => string | null | undefined;

/** Where the request comes from, as far as trusted headers tell. */
export function locate(header: HeaderReader, cfg: Config["geo"]): Location {
  const rawCountry = cfg.countryHeader ? header(cfg.countryHeader)?.trim().toUpperCase() : undefined;
  // Cloudflare answers XX when it does not know.
  const country = rawCountry && /^[A-Z][A-Z0-9]$/.test(rawCountry) && rawCountry !== "XX" ? rawCountry : null;
  const zone = cfg.timeZoneHeader ? validTimeZone(header(cfg.timeZoneHeader)?.trim()) : undefined;
  const source = country || zone ? "edge" : null;
  return { source, country, ipTimeZone: zone ?? null };
}

/** The gate's answer for one request. */
export function regionGate(
  request: { path: string; ip: string | undefined; header: HeaderReader },
  cfg: Config["geo"],
): GateDecision {
  if (!cfg.gate) return { allow: true, reason: "gate off" };
  if (GATE_EXEMPT.some((re) => re.test(request.path))) return { allow: true, reason: "exempt path" };
  return gateDecision({
    enabled: true,
    ...locate(request.header, cfg),
    privateAddress: isPrivateAddress(request.ip),
    browserTimeZone: timeZoneHint(request.header("cookie")) ?? null,
  });
}

/**
 * The firewall of the sign-up prompt (docs/product.md §18): for a visitor
 * the region rule refuses it leads to /404 unless SHOW_FIREWALL=1. The gate's
 * own rule decides, applied even when GEO_GATE is off (a site open to the
 * world for browsing still keeps sign-up to US visitors); with GEO_GATE on a
 * refused visitor never gets this far. Unknown location or time zone, a
 * private address, or SHOW_FIREWALL=1 shows the prompt.
 */
export function signUpPromptAllowed(request: { ip: string | undefined; header: HeaderReader }, cfg: Config["geo"]): GateDecision {
  if (cfg.showFirewall) return { allow: true, reason: "firewall shown" };
  return gateDecision({
    enabled: true,
    ...locate(request.header, cfg),
    privateAddress: isPrivateAddress(request.ip),
    browserTimeZone: timeZoneHint(request.header("cookie")) ?? null,
  });
}
