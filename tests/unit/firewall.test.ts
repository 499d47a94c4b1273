// docs/product.md §18: the sign-up prompt for a visitor the region rule refuses
// leads to /404 unless SHOW_FIREWALL=1 — the sign-up prompt's own check, on top of the gate.
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/services/config.server";
import { signUpPromptAllowed } from "~/services/geo.server";

const geo = (env: Record<string, string> = {}) =>
  parseConfig({ NODE_ENV: "test", GEO_COUNTRY_HEADER: "X-Country", GEO_TIMEZONE_HEADER: "X-Timezone", ...env }).geo;

function visitor(headers: Record<string, string>, ip = "203.0.113.9") {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { ip, header: (name: string) => lower[name.toLowerCase()] };
}

const tz = (zone: string) => ({ cookie: `tz=${encodeURIComponent(zone)}` });

describe("the sign-up prompt's firewall", () => {
  it("lets a US visitor whose browser keeps the IP's time see the prompt", () => {
    expect(signUpPromptAllowed(visitor({ "X-Country": "US", "X-Timezone": "America/Chicago", ...tz("America/Chicago") }), geo()).allow).toBe(true);
  });

  it("sends a visitor outside the US to /404, even when the site-wide gate is off", () => {
    for (const cfg of [geo(), geo({ GEO_GATE: "off" }), geo({ GEO_GATE: "on" })]) {
      expect(signUpPromptAllowed(visitor({ "X-Country": "FR", "X-Timezone": "Europe/Paris" }), cfg)).toEqual({ allow: false, reason: "outside the US" });
    }
  });

  it("sends a US visitor whose browser time zone differs to /404", () => {
    expect(signUpPromptAllowed(visitor({ "X-Country": "US", "X-Timezone": "America/Chicago", ...tz("Asia/Tokyo") }), geo()).allow).toBe(false);
  });

  it("lets in what it cannot place: no headers, no time zone yet, a private address", () => {
    expect(signUpPromptAllowed(visitor({}), geo()).reason).toBe("unknown location");
    expect(signUpPromptAllowed(visitor({ "X-Country": "US", "X-Timezone": "America/Chicago" }), geo()).reason).toBe("unknown time zone");
    expect(signUpPromptAllowed(visitor({}, "127.0.0.1"), geo()).allow).toBe(true);
    // Without a configured header the country is never read.
    const unconfigured = parseConfig({ NODE_ENV: "test" }).geo;
    expect(signUpPromptAllowed(visitor({ "X-Country": "FR" }), unconfigured).allow).toBe(true);
  });

  it("shows the prompt to everyone when SHOW_FIREWALL=1", () => {
    const cfg = geo({ SHOW_FIREWALL: "1" });
    expect(cfg.showFirewall).toBe(true);
    expect(signUpPromptAllowed(visitor({ "X-Country": "FR" }), cfg)).toEqual({ allow: true, reason: "firewall shown" });
    expect(geo().showFirewall).toBe(false);
    expect(() => parseConfig({ NODE_ENV: "test", SHOW_FIREWALL: "yes" })).toThrow(/SHOW_FIREWALL/);
  });
});
