// Magic links on remix-auth-email-link, made single use and short-lived by our own one-time id.
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { AuthError, createAccount } from "~/models/accounts.server";
import { getUserByEmail } from "~/models/users.server";
import { askedForMagicLink, authenticateMagicLink, requestMagicLink } from "~/http/auth.server";
import { getDb, schema } from "~/services/db.server";
import { seed } from "~/flows/seed.server";

beforeAll(async () => {
  await seed({ demo: false });
});

const ORIGIN = "http://localhost:3000";

async function lastLink(to: string): Promise<URL> {
  const mail = (await getDb().select().from(schema.mail).where(eq(schema.mail.to, to)).orderBy(desc(schema.mail.createdAt)).limit(1))[0];
  const href = /href="([^"]*\/auth\/magic[^"]*)"/.exec(mail!.html)![1]!.replace(/&amp;/g, "&");
  return new URL(href);
}

function cookieFrom(setCookie: string) {
  return setCookie.split(";")[0]!;
}

async function code(promise: Promise<unknown>) {
  try {
    await promise;
    return "ok";
  } catch (error) {
    return error instanceof AuthError ? error.code : String(error);
  }
}

describe("magic link (item 5)", () => {
  it("signs in once; the browser that asked is remembered; a second use fails", async () => {
    const user = await createAccount({ email: "ml@example.com", firstName: "Magic", lastName: "Link", campusId: "ou", verified: false });
    const sent = await requestMagicLink(new Request(`${ORIGIN}/login`, { method: "POST" }), "127.0.0.1", { email: "ml@example.com" });
    expect(sent.ok).toBe(true);
    const link = await lastLink("ml@example.com");
    expect(link.origin).toBe(ORIGIN);
    const browser = new Request(link, { headers: { Cookie: cookieFrom((sent as { setCookie: string }).setCookie) } });
    expect(await askedForMagicLink(browser, link.searchParams.get("id"))).toBe(true);
    expect(await askedForMagicLink(new Request(link), link.searchParams.get("id"))).toBe(false);

    const result = await authenticateMagicLink(browser, link.searchParams.get("token")!);
    expect(result).toMatchObject({ userId: user.id, isNew: false });
    expect((await getUserByEmail("ml@example.com"))?.verified).toBe(true);
    expect(await code(authenticateMagicLink(browser, link.searchParams.get("token")!))).toBe("wrong-email");
  });

  it("registers when first and last names are carried", async () => {
    const sent = await requestMagicLink(new Request(`${ORIGIN}/login`, { method: "POST" }), "127.0.0.1", { email: "newbie@ufl.edu", first: "nia", last: "Long" });
    expect(sent.ok).toBe(true);
    const link = await lastLink("newbie@ufl.edu");
    const result = await authenticateMagicLink(new Request(link), link.searchParams.get("token")!);
    expect(result.isNew).toBe(true);
    expect(await getUserByEmail("newbie@ufl.edu")).toMatchObject({ firstName: "Nia", lastName: "L.", username: "nialong", verified: true, campusId: "ou" });
  });

  it("an unknown address without names is not sent a link", async () => {
    const sent = await requestMagicLink(new Request(`${ORIGIN}/login`, { method: "POST" }), "127.0.0.1", { email: "ghost@example.com" });
    expect(sent).toEqual({ ok: false, code: "user-not-found", needsName: true });
  });

  it("a banned address is refused", async () => {
    const sent = await requestMagicLink(new Request(`${ORIGIN}/login`, { method: "POST" }), "127.0.0.1", { email: "banned03@example.com", first: "A", last: "B" });
    expect(sent).toMatchObject({ ok: false, code: "banned" });
  });

  it("a garbage, altered or expired token is a clean failure", async () => {
    await createAccount({ email: "exp@example.com", firstName: "Ex", lastName: "Pired", campusId: "ou", verified: true });
    expect(await code(authenticateMagicLink(new Request(`${ORIGIN}/auth/magic`), "not-a-token"))).toBe("wrong-email");
    expect(await code(authenticateMagicLink(new Request(`${ORIGIN}/auth/magic`), ""))).toBe("wrong-email");
    await requestMagicLink(new Request(`${ORIGIN}/login`, { method: "POST" }), "127.0.0.1", { email: "exp@example.com" });
    const link = await lastLink("exp@example.com");
    const token = link.searchParams.get("token")!;
    // One character changed (to another: a random token has "A" there one time in 64).
    const altered = token.slice(0, 20) + (token[20] === "A" ? "B" : "A") + token.slice(21);
    expect(await code(authenticateMagicLink(new Request(link), altered))).toBe("wrong-email");
    vi.useFakeTimers({ now: Date.now() + 15 * 60_000 + 1, toFake: ["Date"] });
    try {
      expect(await code(authenticateMagicLink(new Request(link), token))).toBe("wrong-email");
    } finally {
      vi.useRealTimers();
    }
  });

  it("at most 5 emails per address in 15 minutes", async () => {
    await createAccount({ email: "spam@example.com", firstName: "Sp", lastName: "Am", campusId: "ou", verified: true });
    const req = () => requestMagicLink(new Request(`${ORIGIN}/login`, { method: "POST" }), "127.0.0.9", { email: "spam@example.com" });
    for (let i = 0; i < 5; i++) expect((await req()).ok).toBe(true);
    expect(await req()).toMatchObject({ ok: false, code: "email-flood" });
  });
});
