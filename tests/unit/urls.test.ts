// The link origin for each host (docs/product.md §1, §23): links come from the allowlist, never from a Host as it came.
import { afterEach, describe, expect, it, vi } from "vitest";

const saved = { ...process.env };

/** urls.server with a fresh configuration read from `env`. */
async function withEnv(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const key of ["APP_ENV", "NODE_ENV", "PUBLIC_URL", "CAMPUS_ORIGINS", "PORT", "SESSION_SECRET"]) delete process.env[key];
  Object.assign(process.env, env);
  return import("~/services/urls.server");
}

afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
});

const req = (url: string) => new Request(url);

describe("in production", () => {
  const PRODUCTION = {
    NODE_ENV: "production",
    SESSION_SECRET: "test-secret",
    PUBLIC_URL: "https://campusbuysell.com",
    CAMPUS_ORIGINS: "https://utbuysell.com, https://oubuysell.com,https://smubuysell.com:8443",
  };

  it.each([
    ["the default site", "http://campusbuysell.com/forgotpassword", "https://campusbuysell.com"],
    ["an allowlisted campus host", "http://utbuysell.com/forgotpassword", "https://utbuysell.com"],
    ["an allowlisted campus host on the standard port", "http://oubuysell.com:443/x", "https://oubuysell.com"],
    ["an allowlisted host on its own port", "http://smubuysell.com:8443/x", "https://smubuysell.com:8443"],
    ["a host merely containing a campus name", "http://utbuysell.evil.example/forgotpassword", "https://campusbuysell.com"],
    ["a campus name as a subdomain of another site", "http://utbuysell.com.evil.example/x", "https://campusbuysell.com"],
    ["another site", "http://evil.example/forgotpassword", "https://campusbuysell.com"],
    ["an allowlisted name on another port", "http://utbuysell.com:8080/x", "https://campusbuysell.com"],
    ["localhost", "http://localhost:3000/x", "https://campusbuysell.com"],
    ["a *.localhost name", "http://utbuysell.localhost:3000/x", "https://campusbuysell.com"],
  ])("%s", async (_name, url, origin) => {
    const urls = await withEnv(PRODUCTION);
    expect(urls.siteOrigin(req(url))).toBe(origin);
  });

  it("builds reset links on the allowlisted origin only", async () => {
    const urls = await withEnv(PRODUCTION);
    expect(urls.absoluteUrl(req("http://evil.example/forgotpassword"), "/reset-password?token=t")).toBe(
      "https://campusbuysell.com/reset-password?token=t",
    );
    expect(urls.absoluteUrl(req("http://utbuysell.com/forgotpassword"), "/reset-password?token=t")).toBe("https://utbuysell.com/reset-password?token=t");
  });

  it("is served over https when its site is configured so", async () => {
    const urls = await withEnv(PRODUCTION);
    expect(urls.servedOverHttps("http://utbuysell.com/")).toBe(true);
    expect(urls.servedOverHttps("http://evil.example/")).toBe(true);
  });

  it("names each campus's own site from the allowlist", async () => {
    const urls = await withEnv(PRODUCTION);
    expect(urls.campusOrigin({ id: "ut", hostKey: "utbuysell" }, "http://evil.example/")).toBe("https://utbuysell.com");
    expect(urls.campusOrigin({ id: "campus", hostKey: "campusbuysell" }, "http://evil.example/")).toBe("https://campusbuysell.com");
    expect(urls.campusOrigin({ id: "uf", hostKey: "ufbuysell" }, "http://localhost:3000/")).toBe("https://ufbuysell.com");
  });
});

describe("outside production", () => {
  const DEVELOPMENT = { NODE_ENV: "development", PORT: "3000" };

  it.each([
    ["localhost on the server's port", "http://localhost:3000/x", "http://localhost:3000"],
    ["a campus *.localhost name", "http://utbuysell.localhost:3000/x", "http://utbuysell.localhost:3000"],
    ["localhost on another port", "http://localhost:4000/x", "http://localhost:3000"],
    ["a name ending in localhost without the dot", "http://evillocalhost:3000/x", "http://localhost:3000"],
    ["localhost as a subdomain of another site", "http://localhost.evil.example:3000/x", "http://localhost:3000"],
    ["another site", "http://evil.example/x", "http://localhost:3000"],
    ["a host merely containing a campus name", "http://utbuysell.evil.example:3000/x", "http://localhost:3000"],
  ])("%s", async (_name, url, origin) => {
    const urls = await withEnv(DEVELOPMENT);
    expect(urls.siteOrigin(req(url))).toBe(origin);
  });

  it("follows the port the server really listens on", async () => {
    const urls = await withEnv({ NODE_ENV: "development", PORT: "0" });
    urls.setServerPort(45678);
    expect(urls.defaultOrigin()).toBe("http://localhost:45678");
    expect(urls.siteOrigin(req("http://ufbuysell.localhost:45678/"))).toBe("http://ufbuysell.localhost:45678");
    expect(urls.siteOrigin(req("http://evil.example:45678/"))).toBe("http://localhost:45678");
  });

  it("uses PUBLIC_URL as the default site when it is set", async () => {
    const urls = await withEnv({ ...DEVELOPMENT, PUBLIC_URL: "http://campus.test:8080/" });
    expect(urls.siteOrigin(req("http://evil.example/"))).toBe("http://campus.test:8080");
    expect(urls.siteOrigin(req("http://localhost:3000/"))).toBe("http://localhost:3000");
    expect(urls.servedOverHttps("http://localhost:3000/")).toBe(false);
  });

  it("names campus sites on *.localhost for a local request", async () => {
    const urls = await withEnv(DEVELOPMENT);
    expect(urls.campusOrigin({ id: "ut", hostKey: "utbuysell" }, "http://localhost:3000/")).toBe("http://utbuysell.localhost:3000");
    expect(urls.campusOrigin({ id: "ut", hostKey: "utbuysell" }, "http://evil.example/")).toBe("https://utbuysell.com");
  });
});
