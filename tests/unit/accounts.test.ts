import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  AuthError,
  changePassword,
  changeUsername,
  createAccount,
  googleSignIn,
  passwordSignIn,
  registerWithPassword,
  resetPassword,
  uniqueUsername,
} from "~/models/accounts.server";
import { isBannedEmail } from "~/models/banned-emails.server";
import { hashPassword, verifyPassword } from "~/models/passwords.server";
import { resetConfig } from "~/services/config.server";
import { getDb, schema } from "~/services/db.server";
import { firstFreeUsername, lastInitial, parseFullName, parseGoogleName, usernameBase } from "~/utils/names";
import { isReservedUsername, RESERVED_USERNAMES } from "~/utils/reserved-names";
import { seed } from "~/flows/seed.server";

beforeAll(async () => {
  await seed({ demo: false });
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof AuthError) return error.code;
    throw error;
  }
}

describe("names (docs/product.md §3)", () => {
  it("parses a full name into first, middle and last; first capitalised, last kept whole until stored", async () => {
    expect(parseFullName("jane doe")).toEqual({ firstName: "Jane", middleName: null, lastName: "Doe" });
    expect(parseFullName("  mary  ann   van-dyke ")).toEqual({ firstName: "Mary", middleName: "ann", lastName: "Van-dyke" });
    expect(parseFullName("john quincy adams")).toEqual({ firstName: "John", middleName: "quincy", lastName: "Adams" });
    expect(parseFullName("Cher")).toBeNull();
    expect(lastInitial("doe")).toBe("D.");
  });

  it("Google names: split on space, period, comma, hyphen; words with digits dropped; anonymous user fallback", async () => {
    expect(parseGoogleName("Jane Doe")).toEqual({ firstName: "Jane", lastName: "Doe" });
    expect(parseGoogleName("jane.m,doe-smith")).toEqual({ firstName: "Jane", lastName: "Smith" });
    expect(parseGoogleName("gamer42 Jane Doe99")).toEqual({ firstName: "Jane", lastName: "User" });
    expect(parseGoogleName("x1 y2")).toEqual({ firstName: "Anonymous", lastName: "User" });
    expect(parseGoogleName("")).toEqual({ firstName: "Anonymous", lastName: "User" });
    expect(parseGoogleName(undefined)).toEqual({ firstName: "Anonymous", lastName: "User" });
    expect(usernameBase("Anonymous", "User")).toBe("anonymoususer");
  });

  it("username = first + last, lower case, letters and digits only", async () => {
    expect(usernameBase("Jane", "Doe")).toBe("janedoe");
    expect(usernameBase("José", "Núñez")).toBe("josenunez");
    expect(usernameBase("O'Brien", "Van-Dyke")).toBe("obrienvandyke");
    expect(usernameBase("李", "王")).toBe("user");
    expect(usernameBase("a".repeat(40), "b".repeat(40)).length).toBeLessThanOrEqual(46);
  });

  it("collisions get -2, -3, …; reserved names are skipped", async () => {
    const taken = new Set(["janedoe", "janedoe-2"]);
    expect(firstFreeUsername("janedoe", (n) => taken.has(n), isReservedUsername)).toBe("janedoe-3");
    expect(firstFreeUsername("settings", () => false, isReservedUsername)).toBe("settings-2");
    expect(firstFreeUsername("home", (n) => n === "home-2", isReservedUsername)).toBe("home-3");
  });

  it("every top-level route is reserved", async () => {
    for (const name of ["home", "profile", "settings", "more", "post", "game", "project", "create", "messages", "login", "register", "logout", "verify", "search", "search_schools", "notifications", "select-city", "add-code", "user_registration", "forgotpassword", "dev", "media", "auth", "healthz", "build", "games", "icons", "logos", "404", "cart", "reset-password"]) {
      expect(RESERVED_USERNAMES.has(name), name).toBe(true);
    }
  });

  it("uniqueUsername looks at the users table", async () => {
    await createAccount({ email: "j1@example.com", firstName: "Jane", lastName: "Roe", campusId: "ou", verified: true });
    await createAccount({ email: "j2@example.com", firstName: "Jane", lastName: "Roe", campusId: "ou", verified: true });
    const third = await createAccount({ email: "j3@example.com", firstName: "Jane", lastName: "Roe", campusId: "ou", verified: true });
    expect(third.username).toBe("janeroe-3");
    expect(third.lastName).toBe("R.");
    expect(await uniqueUsername("Jane", "Roe")).toBe("janeroe-4");
  });
});

describe("passwords (ASVS: scrypt N=2^17, r=8, p=1)", () => {
  it("stores a self-describing salted hash at the default cost and verifies it", async () => {
    // The tests run at PASSWORD_HASH_COST=12; this one hashes as a server with nothing set does.
    const testCost = process.env.PASSWORD_HASH_COST;
    delete process.env.PASSWORD_HASH_COST;
    resetConfig();
    try {
      const hash = await hashPassword("correct horse");
      expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      expect(await hashPassword("correct horse")).not.toBe(hash);
      expect(await verifyPassword("correct horse", hash)).toBe(true);
      expect(await verifyPassword("correct horsE", hash)).toBe(false);
      expect(await verifyPassword("x", "garbage")).toBe(false);
    } finally {
      process.env.PASSWORD_HASH_COST = testCost;
      resetConfig();
    }
  });

  it("verifies a hash made at another cost (the cost is stored with it)", async () => {
    const cheap = await hashPassword("correct horse");
    expect(cheap).toMatch(/^scrypt\$12\$8\$1\$/);
    expect(await verifyPassword("correct horse", cheap)).toBe(true);
    expect(await verifyPassword("correct horsE", cheap)).toBe(false);
  });
});

describe("register, sign in, lockout (items 2, 4, 12, 13)", () => {
  it("registers a user with a parsed name, an unverified email and the campus; school email counts on verify", async () => {
    const user = await registerWithPassword({ email: "Sam.Lee@OU.edu", fullName: "sam t lee", password: "password1", campusId: "ou" });
    expect(user).toMatchObject({ email: "sam.lee@ou.edu", firstName: "Sam", middleName: "t", lastName: "L.", username: "samlee", verified: false, schoolVerified: false, campusId: "ou" });
    expect(await codeOf(registerWithPassword({ email: "sam.lee@ou.edu", fullName: "Sam Lee", password: "password1", campusId: "ou" }))).toBe("email-in-use");
  });

  it("refuses banned emails everywhere", async () => {
    expect(await isBannedEmail("BANNED01@example.com")).toBe(true);
    expect((await getDb().select().from(schema.bannedEmails)).length).toBeGreaterThanOrEqual(19);
    expect(await codeOf(registerWithPassword({ email: "banned01@example.com", fullName: "Bad Actor", password: "password1", campusId: "ou" }))).toBe("banned");
    await expect(googleSignIn({ sub: "g-banned", email: "banned02@example.com", emailVerified: true }, "ou", { firstName: "B", lastName: "A" })).rejects.toThrow(AuthError);
  });

  it("sign-in errors (docs/product.md §3)", async () => {
    await registerWithPassword({ email: "signin@example.com", fullName: "Sign In", password: "password1", campusId: "ou" });
    expect(await codeOf(passwordSignIn("nobody@example.com", "password1"))).toBe("user-not-found");
    expect(await codeOf(passwordSignIn("signin@example.com", "password2"))).toBe("wrong-password");
    expect(await codeOf(passwordSignIn("signin@example.com", "password1"))).toBe("ok");
    const google = await googleSignIn({ sub: "g-1", email: "googler@example.com", emailVerified: true, name: "Goo Gler" }, "ou", parseGoogleName("Goo Gler"));
    expect(await codeOf(passwordSignIn(google.user.email, "anything1"))).toBe("invalid-login-credentials");
  }, 20_000);

  it("locks the account at the 5th failure in 15 minutes, even for the right password; a reset lifts it", async () => {
    const user = await registerWithPassword({ email: "locked@example.com", fullName: "Lock Ed", password: "password1", campusId: "ou" });
    for (let i = 1; i <= 4; i++) expect(await codeOf(passwordSignIn("locked@example.com", `wrong-${i}xx`))).toBe("wrong-password");
    expect(await codeOf(passwordSignIn("locked@example.com", "wrong-5xx"))).toBe("too-many-requests");
    expect(await codeOf(passwordSignIn("locked@example.com", "password1"))).toBe("too-many-requests");
    await resetPassword(user.id, "new-password1");
    expect(await codeOf(passwordSignIn("locked@example.com", "new-password1"))).toBe("ok");
  }, 30_000);

  it("a successful sign-in is not counted, and does not wipe the failures before it", async () => {
    await registerWithPassword({ email: "clear@example.com", fullName: "Clear Ed", password: "password1", campusId: "ou" });
    for (let i = 0; i < 3; i++) await codeOf(passwordSignIn("clear@example.com", "nope-nope"));
    expect(await codeOf(passwordSignIn("clear@example.com", "password1"))).toBe("ok");
    expect(await codeOf(passwordSignIn("clear@example.com", "nope-nope"))).toBe("wrong-password");
    // The fifth failure in the window locks, successes in between notwithstanding.
    expect(await codeOf(passwordSignIn("clear@example.com", "nope-nope"))).toBe("too-many-requests");
  }, 30_000);
});

describe("account settings (item 11)", () => {
  it("username: taken and reserved refused, own name allowed", async () => {
    const a = await registerWithPassword({ email: "ua@example.com", fullName: "Una Alpha", password: "password1", campusId: "ou" });
    const b = await registerWithPassword({ email: "ub@example.com", fullName: "Ubu Beta", password: "password1", campusId: "ou" });
    await expect(changeUsername(b.id, a.username)).rejects.toThrow("That username has been taken.");
    await expect(changeUsername(b.id, "logout")).rejects.toThrow("That username has been taken.");
    expect((await changeUsername(b.id, "Ubu-The-King")).username).toBe("ubu-the-king");
    expect((await changeUsername(b.id, "ubu-the-king")).username).toBe("ubu-the-king");
  }, 20_000);

  it("password change needs the current password", async () => {
    const u = await registerWithPassword({ email: "pw@example.com", fullName: "Pass Word", password: "password1", campusId: "ou" });
    expect(await codeOf(changePassword(u.id, "wrong-one", "password2"))).toBe("wrong-password");
    expect(await codeOf(changePassword(u.id, "password1", "password2"))).toBe("ok");
    expect(await codeOf(passwordSignIn("pw@example.com", "password2"))).toBe("ok");
  }, 20_000);
});

describe("Google (item 6)", () => {
  it("a new user gets the Google-name username, photo, verified email; the same Google id signs in again", async () => {
    const first = await googleSignIn(
      { sub: "g-42", email: "Kim.Park@ufl.edu", emailVerified: true, name: "kim 2cool park", picture: "https://example.com/p.jpg" },
      "uf",
      parseGoogleName("kim 2cool park"),
    );
    expect(first.isNew).toBe(true);
    expect(first.user).toMatchObject({ firstName: "Kim", lastName: "P.", username: "kimpark", img: "https://example.com/p.jpg", verified: true, schoolVerified: true, email: "kim.park@ufl.edu" });
    const again = await googleSignIn({ sub: "g-42", email: "kim.park@ufl.edu", emailVerified: true }, "uf", parseGoogleName("Kim Park"));
    expect(again).toMatchObject({ isNew: false, user: { id: first.user.id } });
  });

  it("an unverified Google email is refused", async () => {
    await expect(googleSignIn({ sub: "g-43", email: "x@example.com", emailVerified: false }, "ou", parseGoogleName("X Y"))).rejects.toThrow(AuthError);
  });

  it("an existing account with that email is connected, not duplicated", async () => {
    const u = await registerWithPassword({ email: "both@example.com", fullName: "Bo Th", password: "password1", campusId: "ou" });
    const g = await googleSignIn({ sub: "g-44", email: "both@example.com", emailVerified: true }, "ou", parseGoogleName("Bo Th"));
    expect(g).toMatchObject({ isNew: false, user: { id: u.id, verified: true } });
    expect((await getDb().select().from(schema.connections).where(eq(schema.connections.providerId, "g-44")))[0]?.userId).toBe(u.id);
  }, 20_000);
});

describe("configuration", () => {
  it("BANNED_EMAILS adds addresses (trimmed, lower case); GOOGLE_OAUTH_BASE_URL points Google elsewhere", async () => {
    const { parseConfig } = await import("~/services/config.server");
    const c = parseConfig({ BANNED_EMAILS: " Spam@Example.com ,x@y.org,", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s", GOOGLE_OAUTH_BASE_URL: "http://localhost:9999/" });
    expect(c.bannedEmails).toEqual(["spam@example.com", "x@y.org"]);
    expect(c.google).toEqual({ clientId: "id", clientSecret: "s", oauthBaseUrl: "http://localhost:9999" });
    expect(parseConfig({}).bannedEmails).toEqual([]);
  });
});
