import { describe, expect, it } from "vitest";
import { getViewerTimeZone, timeZoneHint } from "~/services/client-hints.server";
import { parseConfig } from "~/services/config.server";
import { gateDecision, isPrivateAddress, locate, regionGate, sameClock, type GateInput } from "~/services/geo.server";

const US_CHICAGO: GateInput = {
  enabled: true,
  source: "edge",
  country: "US",
  ipTimeZone: "America/Chicago",
  browserTimeZone: "America/Chicago",
  privateAddress: false,
};
const JULY = Date.UTC(2025, 6, 1);

describe("gateDecision (docs/product.md §18)", () => {
  it("lets in a US visitor whose browser keeps the IP's time", () => {
    expect(gateDecision(US_CHICAGO, JULY)).toEqual({ allow: true, reason: "time zones match" });
  });

  it("blocks a US visitor whose browser time zone differs from the IP's", () => {
    expect(gateDecision({ ...US_CHICAGO, browserTimeZone: "Europe/Paris" }, JULY)).toEqual({
      allow: false,
      reason: "time zones differ",
    });
    expect(gateDecision({ ...US_CHICAGO, browserTimeZone: "America/Los_Angeles" }, JULY).allow).toBe(false);
  });

  it("blocks a visitor outside the US, whatever the time zones say", () => {
    expect(gateDecision({ ...US_CHICAGO, country: "FR" }, JULY)).toEqual({ allow: false, reason: "outside the US" });
    expect(gateDecision({ ...US_CHICAGO, country: "CA", ipTimeZone: null, browserTimeZone: null }, JULY).allow).toBe(false);
  });

  it("lets in a visitor whose IP could not be placed", () => {
    expect(gateDecision({ ...US_CHICAGO, source: null, country: null, ipTimeZone: null }, JULY)).toEqual({
      allow: true,
      reason: "unknown location",
    });
    expect(
      gateDecision({ ...US_CHICAGO, source: "lookup", country: null, ipTimeZone: null, privateAddress: true }, JULY),
    ).toEqual({ allow: true, reason: "private address" });
  });

  it("trusts the edge proxy's answer even when the last hop is a private address", () => {
    expect(gateDecision({ ...US_CHICAGO, country: "DE", privateAddress: true }, JULY).allow).toBe(false);
  });

  it("lets in a US visitor when either time zone is unknown", () => {
    expect(gateDecision({ ...US_CHICAGO, browserTimeZone: null }, JULY)).toEqual({ allow: true, reason: "unknown time zone" });
    expect(gateDecision({ ...US_CHICAGO, ipTimeZone: null }, JULY)).toEqual({ allow: true, reason: "unknown time zone" });
  });

  it("lets everyone in when the gate is off", () => {
    expect(gateDecision({ ...US_CHICAGO, enabled: false, country: "FR" }, JULY)).toEqual({ allow: true, reason: "gate off" });
  });
});

describe("sameClock", () => {
  it("matches names that keep the same clock all year", () => {
    expect(sameClock("America/New_York", "America/New_York")).toBe(true);
    expect(sameClock("America/Indiana/Indianapolis", "America/New_York", JULY)).toBe(true);
    expect(sameClock("US/Central", "America/Chicago", JULY)).toBe(true);
  });
  it("does not match zones that differ for part of the year", () => {
    expect(sameClock("America/Phoenix", "America/Denver", JULY)).toBe(false);
    expect(sameClock("America/Phoenix", "America/Los_Angeles", Date.UTC(2025, 0, 10))).toBe(false);
    expect(sameClock("America/Chicago", "Not/AZone", JULY)).toBe(false);
  });
});

describe("isPrivateAddress", () => {
  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.1.2.3", "192.168.0.10", "172.20.1.1", "100.64.0.1", "fe80::1", "fd00::1", "", "nonsense"])(
    "%s cannot be placed",
    (ip) => expect(isPrivateAddress(ip)).toBe(true),
  );
  it.each(["8.8.8.8", "129.15.0.1", "::ffff:8.8.4.4", "2001:4860:4860::8888"])("%s is public", (ip) =>
    expect(isPrivateAddress(ip)).toBe(false),
  );
  it("answers the same for an address seen before, and after more addresses than it keeps", () => {
    for (let round = 0; round < 2; round++) {
      expect(isPrivateAddress("10.9.8.7")).toBe(true);
      expect(isPrivateAddress("8.8.8.8")).toBe(false);
    }
    for (let i = 0; i < 1500; i++) expect(isPrivateAddress(`129.15.${i >> 8}.${i & 255}`)).toBe(false);
    expect(isPrivateAddress("10.9.8.7")).toBe(true);
    expect(isPrivateAddress("129.15.0.1")).toBe(false);
  });
});

describe("where the location comes from", () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name.toLowerCase()];
  const geo = (env: Record<string, string>) => parseConfig({ GEO_GATE: "on", ...env }).geo;

  it("never honours a geo header that is not configured", () => {
    expect(locate(headers({ "cf-ipcountry": "FR" }), geo({}))).toEqual({ source: null, country: null, ipTimeZone: null });
    const blocked = regionGate({ path: "/home", ip: "8.8.8.8", header: headers({ "cf-ipcountry": "FR" }) }, geo({}));
    expect(blocked.allow).toBe(true);
  });

  it("reads the configured headers, ignoring Cloudflare's unknown XX and bad zone names", () => {
    const cfg = geo({ GEO_COUNTRY_HEADER: "CF-IPCountry", GEO_TIMEZONE_HEADER: "CF-Timezone" });
    expect(locate(headers({ "cf-ipcountry": "us", "cf-timezone": "America/Chicago" }), cfg)).toEqual({
      source: "edge",
      country: "US",
      ipTimeZone: "America/Chicago",
    });
    expect(locate(headers({ "cf-ipcountry": "XX", "cf-timezone": "Mars/Olympus" }), cfg)).toEqual({
      source: null,
      country: null,
      ipTimeZone: null,
    });
  });

  it("decides a request from its headers and tz cookie", () => {
    const cfg = geo({ GEO_COUNTRY_HEADER: "X-Country", GEO_TIMEZONE_HEADER: "X-Timezone" });
    const req = (h: Record<string, string>, path = "/home") => regionGate({ path, ip: "127.0.0.1", header: headers(h) }, cfg);
    const us = { "x-country": "US", "x-timezone": "America/Chicago" };
    expect(req({ ...us, cookie: "tz=America%2FChicago" }).allow).toBe(true);
    expect(req({ ...us, cookie: "a=1; tz=Europe%2FParis" }).allow).toBe(false);
    expect(req(us).allow).toBe(true); // no cookie yet
    expect(req({ "x-country": "GB" }).allow).toBe(false);
    expect(req({ "x-country": "GB" }, "/404").allow).toBe(true);
    expect(req({ "x-country": "GB" }, "/healthz").allow).toBe(true);
    expect(req({ "x-country": "GB" }, "/unsubscribe").allow).toBe(true);
    expect(req({}).allow).toBe(true); // loopback, no header: unknown
  });

  it("is off by default outside production, on in production, and GEO_GATE switches it", () => {
    expect(parseConfig({}).geo.gate).toBe(false);
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: "s", PUBLIC_URL: "https://campusbuysell.com" }).geo.gate).toBe(true);
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: "s", PUBLIC_URL: "https://campusbuysell.com", GEO_GATE: "off" }).geo.gate).toBe(false);
    const off = parseConfig({ GEO_GATE: "off", GEO_COUNTRY_HEADER: "X-Country" }).geo;
    expect(regionGate({ path: "/home", ip: "8.8.8.8", header: headers({ "x-country": "FR" }) }, off)).toEqual({
      allow: true,
      reason: "gate off",
    });
  });
});

describe("the viewer's time zone", () => {
  it("comes from the tz cookie when it names a real zone, else the fallback", () => {
    const req = (cookie?: string) => new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });
    expect(getViewerTimeZone(req("tz=America%2FNew_York"), "America/Chicago")).toBe("America/New_York");
    expect(getViewerTimeZone(req("tz=Nowhere%2FLand"), "America/Chicago")).toBe("America/Chicago");
    expect(getViewerTimeZone(req("tz=%E0%A4%A"), "America/Chicago")).toBe("America/Chicago");
    expect(getViewerTimeZone(req(), "America/Chicago")).toBe("America/Chicago");
    expect(timeZoneHint("other=1; tz=UTC")).toBe("UTC");
  });
});
