import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/services/config.server";

const PRODUCTION = { NODE_ENV: "production", SESSION_SECRET: "s3cret", PUBLIC_URL: "https://campusbuysell.com" };

describe("parseConfig (README Configuration)", () => {
  it("has working defaults for local use", () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ dialect: "sqlite", path: "./data/app.db" });
    expect(c.owner).toMatchObject({ username: "owner", email: "owner@example.com" });
    expect(c.devMailbox).toBe(true);
    expect(c.seedDemo).toBe(true);
    expect(c.google).toBeUndefined();
    expect(c.passwordHashCost).toBe(17);
  });

  it("lowers scrypt's cost only within 2^12..2^20 (PASSWORD_HASH_COST, for test runs)", () => {
    expect(parseConfig({ ...PRODUCTION, PASSWORD_HASH_COST: "12" }).passwordHashCost).toBe(12);
    expect(() => parseConfig({ PASSWORD_HASH_COST: "4" })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => parseConfig({ PASSWORD_HASH_COST: "17.5" })).toThrow(/PASSWORD_HASH_COST/);
  });

  it("chooses the database by DATABASE_URL: a path or file: URL is SQLite, postgres:// is PostgreSQL", () => {
    expect(parseConfig({ DATABASE_URL: "file:/tmp/x.db" }).database).toEqual({ dialect: "sqlite", path: "/tmp/x.db" });
    expect(parseConfig({ DATABASE_URL: "file:///tmp/y.db" }).database).toEqual({ dialect: "sqlite", path: "/tmp/y.db" });
    expect(parseConfig({ DATABASE_URL: "data/z.db" }).database).toEqual({ dialect: "sqlite", path: "data/z.db" });
    expect(parseConfig({ DATABASE_URL: "postgres://app:secret@db.example:5432/campus" }).database).toEqual({
      dialect: "pg",
      url: "postgres://app:secret@db.example:5432/campus",
      poolMax: 10,
    });
    expect(parseConfig({ DATABASE_URL: "postgresql://localhost/campus", DATABASE_POOL_MAX: "25" }).database).toMatchObject({ dialect: "pg", poolMax: 25 });
  });

  it("names DATABASE_URL in one line when it is not a database it can open", () => {
    expect(() => parseConfig({ DATABASE_URL: "mysql://localhost/campus" })).toThrow(
      "Invalid configuration: DATABASE_URL must be a SQLite file path, a file: URL or a postgres:// URL",
    );
    expect(() => parseConfig({ DATABASE_URL: "postgres://[bad" })).toThrow("Invalid configuration: DATABASE_URL is not a valid postgres:// URL");
    expect(() => parseConfig({ DATABASE_POOL_MAX: "1" })).toThrow(/^Invalid configuration: DATABASE_POOL_MAX /);
  });

  it("requires SESSION_SECRET in production, naming the variable in one line", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(
      "Invalid configuration: SESSION_SECRET is required in production (APP_ENV=production, or NODE_ENV=production without APP_ENV)",
    );
    const prod = parseConfig(PRODUCTION);
    expect(prod.devMailbox).toBe(false);
    expect(prod.seedDemo).toBe(false);
    expect(parseConfig({ ...PRODUCTION, DEV_MAILBOX: "1" }).devMailbox).toBe(true);
  });

  it("takes the app's mode from APP_ENV, else from NODE_ENV, else development", () => {
    // npm start: React's production build, the app in development (start-env.mjs).
    const started = parseConfig({ NODE_ENV: "production", APP_ENV: "development" });
    expect(started.production).toBe(false);
    expect(started.env).toBe("development");
    expect(started.devMailbox).toBe(true);
    expect(started.seedDemo).toBe(true);
    expect(started.geo.gate).toBe(false);
    // An operator who only sets NODE_ENV=production gets the production rules.
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET is required in production/);
    expect(parseConfig(PRODUCTION).env).toBe("production");
    // APP_ENV=production is production whatever NODE_ENV says.
    const { NODE_ENV: _, ...rest } = PRODUCTION;
    expect(() => parseConfig({ APP_ENV: "production", NODE_ENV: "development" })).toThrow(/SESSION_SECRET is required in production/);
    const prod = parseConfig({ ...rest, APP_ENV: "production" });
    expect(prod.production).toBe(true);
    expect(prod.devMailbox).toBe(false);
    expect(parseConfig({ APP_ENV: "test", NODE_ENV: "production" }).env).toBe("test");
    expect(parseConfig({}).env).toBe("development");
    expect(() => parseConfig({ APP_ENV: "staging" })).toThrow(/^Invalid configuration: APP_ENV /);
  });

  it("requires PUBLIC_URL in production, naming it in one line", () => {
    const { PUBLIC_URL: _, ...noUrl } = PRODUCTION;
    expect(() => parseConfig(noUrl)).toThrow(/^Invalid configuration: PUBLIC_URL is required in production/);
    expect(() => parseConfig({ ...PRODUCTION, PUBLIC_URL: "https://campusbuysell.com/app" })).toThrow(/^Invalid configuration: PUBLIC_URL must be an origin/);
    expect(parseConfig({ ...PRODUCTION, PUBLIC_URL: "https://campusbuysell.com/" }).publicUrl).toBe("https://campusbuysell.com");
  });

  it("reads the campus origins allowlist", () => {
    expect(parseConfig({ CAMPUS_ORIGINS: "https://utbuysell.com/, http://ufbuysell.localhost:3000" }).campusOrigins).toEqual([
      "https://utbuysell.com",
      "http://ufbuysell.localhost:3000",
    ]);
    expect(parseConfig({}).campusOrigins).toEqual([]);
    expect(() => parseConfig({ CAMPUS_ORIGINS: "utbuysell.com" })).toThrow(/^Invalid configuration: CAMPUS_ORIGINS /);
    expect(() => parseConfig({ CAMPUS_ORIGINS: "https://utbuysell.com/x" })).toThrow(/^Invalid configuration: CAMPUS_ORIGINS /);
    expect(() => parseConfig({ CAMPUS_ORIGINS: "javascript://utbuysell.com" })).toThrow(/^Invalid configuration: CAMPUS_ORIGINS /);
  });

  it("trusts no proxy unless TRUST_PROXY names one", () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "loopback" }).trustProxy).toEqual(["loopback"]);
    expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7, ::1" }).trustProxy).toEqual(["10.0.0.0/8", "192.168.1.7", "::1"]);
    expect(parseConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    for (const bad of ["true", "everyone", "10.0.0.0/33", "1.2.3"]) {
      expect(() => parseConfig({ TRUST_PROXY: bad })).toThrow(/^Invalid configuration: TRUST_PROXY /);
    }
  });

  it("keeps /dev/mail to this machine unless DEV_MAILBOX=1", () => {
    expect(parseConfig({})).toMatchObject({ devMailbox: true, devMailboxLocalOnly: true });
    expect(parseConfig({ DEV_MAILBOX: "1" })).toMatchObject({ devMailbox: true, devMailboxLocalOnly: false });
    expect(parseConfig({ DEV_MAILBOX: "0" })).toMatchObject({ devMailbox: false });
    expect(parseConfig(PRODUCTION)).toMatchObject({ devMailbox: false });
  });

  it("outside production, generates the session secret once and keeps it beside the database (mode 0600)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-secret-"));
    try {
      const env = { DATABASE_URL: path.join(dir, "data", "app.db") };
      const secret = parseConfig(env).sessionSecret;
      expect(secret).toMatch(/^[\w-]{43}$/);
      expect(secret).not.toBe("dev-only-session-secret-change-me");
      const file = path.join(dir, "data", "session-secret");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(parseConfig(env).sessionSecret).toBe(secret); // the next start reads the same one
      expect(parseConfig({ DATABASE_URL: `file:${path.join(dir, "other", "app.db")}` }).sessionSecret).not.toBe(secret);
      expect(parseConfig({ ...env, SESSION_SECRET: "given" }).sessionSecret).toBe("given");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names a malformed variable", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT /);
    expect(() => parseConfig({ OWNER_EMAIL: "nope" })).toThrow(/^Invalid configuration: OWNER_EMAIL /);
    expect(() => parseConfig({ PUBLIC_URL: "not a url" })).toThrow(/^Invalid configuration: PUBLIC_URL /);
  });

  it("enables Google only with both id and secret", () => {
    expect(parseConfig({ GOOGLE_CLIENT_ID: "id" }).google).toBeUndefined();
    expect(parseConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).google).toEqual({
      clientId: "id",
      clientSecret: "s",
    });
  });
});
