import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/services/config.server";

describe("parseConfig (design A2)", () => {
  it("has working defaults for local use", () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.databasePath).toBe("./data/app.db");
    expect(c.owner).toMatchObject({ username: "owner", email: "owner@example.com" });
    expect(c.devMailbox).toBe(true);
    expect(c.seedDemo).toBe(true);
    expect(c.google).toBeUndefined();
  });

  it("accepts a file: URL for the database", () => {
    expect(parseConfig({ DATABASE_URL: "file:/tmp/x.db" }).databasePath).toBe("/tmp/x.db");
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
