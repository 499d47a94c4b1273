// The sign-in and account flows called with plain values: no Request, no Response.
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccount, registerWithPassword, AuthError } from "~/models/accounts.server";
import { createVerification } from "~/models/verifications.server";
import { getDb, schema } from "~/services/db.server";
import {
  claimAddress,
  completeMagicLink,
  completeSignup,
  finishSignIn,
  magicLinkRefusal,
  requestPasswordReset,
  sentPageUrl,
} from "~/flows/auth.server";
import { checkCurrentPasswordStep } from "~/flows/current-password.server";
import { seed } from "~/flows/seed.server";

beforeAll(async () => {
  await seed({ demo: false });
});

let n = 0;
function address(): string {
  return `flows-${Date.now()}-${++n}@example.com`;
}

async function lastMailTo(to: string) {
  return (await getDb().select().from(schema.mail).where(eq(schema.mail.to, to)).orderBy(desc(schema.mail.createdAt)).limit(1))[0];
}

describe("password reset", () => {
  it("refuses an unknown address with a code", async () => {
    expect(await requestPasswordReset({ email: address(), clientIp: "10.1.0.1", origin: "http://localhost:3000" })).toEqual({ ok: false, code: "reset-user-not-found" });
  });

  it("emails a link on the site it was asked from", async () => {
    const email = address();
    await createAccount({ email, firstName: "Rita", lastName: "Reset", campusId: "ou", verified: true });
    expect(await requestPasswordReset({ email, clientIp: "10.1.0.2", origin: "http://utbuysell.localhost:3000" })).toEqual({ ok: true });
    const mail = await lastMailTo(email);
    expect(mail?.html).toContain("http://utbuysell.localhost:3000/reset-password?token=");
  });
});

describe("magic links", () => {
  it("refuses a banned address and an unknown one without a name", async () => {
    expect(await magicLinkRefusal({ email: "banned01@example.com", registering: false, clientIp: "10.1.0.3" })).toEqual({ ok: false, code: "banned" });
    expect(await magicLinkRefusal({ email: address(), registering: false, clientIp: "10.1.0.3" })).toEqual({ ok: false, code: "user-not-found", needsName: true });
    expect(await magicLinkRefusal({ email: address(), registering: true, clientIp: "10.1.0.3" })).toBeNull();
  });

  it("a link signs in once, and creates the account it names", async () => {
    const email = address();
    const created = await createVerification({ type: "magic-link", target: email, payload: { campusId: "ut", first: "mia", last: "Link", redirect: "/search" } });
    const result = await completeMagicLink(email, created.token);
    expect(result).toMatchObject({ isNew: true, redirectTo: "/search" });
    const [user] = await getDb().select().from(schema.users).where(eq(schema.users.id, result.userId));
    expect(user).toMatchObject({ email, firstName: "Mia", campusId: "ut", verified: true });
    await expect(completeMagicLink(email, created.token)).rejects.toBeInstanceOf(AuthError);
  });
});

describe("finishing a sign-in", () => {
  it("sends an unverified account to /verify, a verified one back where it came from", async () => {
    const pending = await registerWithPassword({ email: address(), fullName: "Pat Pending", password: "correct horse 1", campusId: "ou" });
    expect((await finishSignIn({ userId: pending.id, isNew: false, redirectTo: null }, "/search")).target).toBe("/verify?redirect=%2Fsearch");
    const verified = await createAccount({ email: address(), firstName: "Vera", lastName: "Fied", campusId: "ou", verified: true });
    expect((await finishSignIn({ userId: verified.id, isNew: false, redirectTo: "https://evil.example/" })).target).toBe("/home");
    expect((await finishSignIn({ userId: verified.id, isNew: false, redirectTo: "/more/about" })).target).toBe("/more/about");
  });

  it("verifies a sign-up from its row", async () => {
    const user = await registerWithPassword({ email: address(), fullName: "Sam Signup", password: "correct horse 2", campusId: "ou" });
    const row = await createVerification({ type: "signup", target: user.email, userId: user.id, withCode: true, replace: true });
    const [stored] = await getDb().select().from(schema.verifications).where(eq(schema.verifications.id, row.id));
    expect(await completeSignup(stored!)).toMatchObject({ id: user.id, verified: true });
  });
});

describe("claims and the sent page", () => {
  it("masks an unverified account's address and names no verified one", async () => {
    const email = `jclaim${Date.now()}@ou.edu`;
    const pending = await registerWithPassword({ email, fullName: "Jo Claim", password: "correct horse 3", campusId: "ou" });
    expect(await claimAddress(pending.username)).toBe("j•••@ou.edu");
    const verified = await createAccount({ email: address(), firstName: "Kim", lastName: "Known", campusId: "ou", verified: true });
    expect(await claimAddress(verified.username)).toBeNull();
    expect(sentPageUrl({ email: "a@b.c", first: "A", last: "B", redirect: "/home" })).toBe("/login/sent?email=a%40b.c&first=A&last=B&redirect=%2Fhome");
  });
});

describe("current password step", () => {
  it("answers a wrong password and a lockout as codes, and throws anything else", async () => {
    expect(await checkCurrentPasswordStep(async () => {})).toEqual({ ok: true });
    expect(await checkCurrentPasswordStep(async () => { throw new AuthError("wrong-password"); })).toEqual({ ok: false, code: "wrong-password" });
    expect(await checkCurrentPasswordStep(async () => { throw new AuthError("too-many-requests"); })).toEqual({ ok: false, code: "too-many-requests" });
    await expect(checkCurrentPasswordStep(async () => { throw new Error("disk"); })).rejects.toThrow("disk");
  });
});
