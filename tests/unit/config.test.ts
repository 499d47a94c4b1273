import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/services/config.server";

describe("parseConfig (design A2)", () => {
  it("has working defaults for local use", () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ dialect: "sqlite", path: "./data/app.db" });
    expect(c.owner).toMatchObject({ username: "owner", email: "owner@example.com" });
    expect(c.devMailbox).toBe(true);
    expect(c.seedDemo).toBe(true);
    expect(c.google).toBeUndefined();
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
      "Invalid configuration: SESSION_SECRET is required when NODE_ENV=production",
    );
    const prod = parseConfig({ NODE_ENV: "production", SESSION_SECRET: "s3cret" });
    expect(prod.devMailbox).toBe(false);
    expect(prod.seedDemo).toBe(false);
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: "x", DEV_MAILBOX: "1" }).devMailbox).toBe(true);
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
