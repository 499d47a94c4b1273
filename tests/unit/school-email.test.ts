// /add-code (docs/product.md §4) and the campus a user belongs to, with real Requests.
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { changeCampus, schoolEmailRefusal, sendSchoolEmailVerification } from "~/models/school.server";
import { sendSignupVerification } from "~/models/accounts.server";
import { campusSiteUrl, findCampuses, getCampus } from "~/models/campuses.server";
import { getUserById, insertUser } from "~/models/users.server";
import { action, loader } from "~/routes/add-code/route.server";
import { getDb, schema } from "~/services/db.server";
import { createSessionCookie } from "~/services/session.server";
import { seed } from "~/flows/seed.server";

const BASE = "http://localhost:3000";
const ctx = { context: { cspNonce: "", clientIp: "127.0.0.1" }, params: {} };
let n = 0;

async function signedIn(opts: { campusId?: string; email?: string } = {}) {
  n++;
  const user = await insertUser({
    campusId: opts.campusId ?? "ou",
    firstName: `School${n}`,
    lastName: "T.",
    username: `school-${n}`,
    email: opts.email ?? `school${n}@example.com`,
    verified: true,
  });
  const cookie = (await createSessionCookie(new Request("http://localhost/"), user.id)).split(";")[0]!;
  return { user, cookie };
}

function form(cookie: string, fields: Record<string, string>) {
  return new Request(`${BASE}/add-code`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

async function settle<T>(p: Promise<T>): Promise<T | Response> {
  try {
    return await p;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type Reply = { data: { intent: string; result: { error?: Record<string, string[]> } }; init: ResponseInit | null };

async function lastMailTo(address: string) {
  return (await getDb().select().from(schema.mail).where(eq(schema.mail.to, address)).orderBy(desc(schema.mail.createdAt)))[0];
}

beforeAll(() => seed({ demo: false }));

describe("the emails that carry a link", () => {
  it("are sent by the models without a request: the link is on the site origin they are given", async () => {
    const { user } = await signedIn();
    const origin = "https://utexas.campus.example";
    const schoolAddress = `links${n}@utexas.edu`;
    await sendSchoolEmailVerification(origin, user, schoolAddress);
    expect((await lastMailTo(schoolAddress))!.html).toContain(`${origin}/add-code?token=`);
    await sendSignupVerification(origin, user, "/saved");
    const signup = (await lastMailTo(user.email))!;
    expect(signup.html).toMatch(/https:\/\/utexas\.campus\.example\/verify\?token=[^"&]+&amp;redirect=%2Fsaved/);
  });
});

describe("/add-code", () => {
  it("sends a code to a school address, then the typed code makes the user school-verified", async () => {
    const { user, cookie } = await signedIn();
    const email = `student${n}@ou.edu`;
    const sent = (await settle(action({ request: form(cookie, { intent: "send", email: email.toUpperCase() }), ...ctx }))) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/add-code?email=${encodeURIComponent(email)}`);
    const mail = (await lastMailTo(email))!;
    expect(mail.kind).toBe("school-email");
    const code = mail.text.match(/Your code: (\d{6})/)![1]!;
    expect(mail.html).toContain(`${BASE}/add-code?token=`);

    const wrong = (await settle(action({ request: form(cookie, { intent: "verify", email, code: code === "000000" ? "111111" : "000000" }), ...ctx }))) as Reply;
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.result.error?.code).toEqual(["That code is not right. Check the email and try again."]);

    const done = (await settle(action({ request: form(cookie, { intent: "verify", email, code }), ...ctx }))) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/create/post");
    expect(done.headers.get("Set-Cookie")).toContain("__alert=");
    const after = (await getUserById(user.id))!;
    expect(after.schoolEmail).toBe(email);
    expect(after.schoolVerified).toBe(true);
  });

  it("refuses an address off the campus's domain, keeping what was typed", async () => {
    const { cookie } = await signedIn({ campusId: "ut" });
    const res = (await settle(action({ request: form(cookie, { intent: "send", email: "me@ou.edu" }), ...ctx }))) as Reply;
    expect(res.init?.status).toBe(400);
    expect(res.data.result.error?.email).toEqual(["Use your school email: an address ending in @utexas.edu."]);
    expect((res.data.result as { initialValue?: Record<string, string> }).initialValue?.email).toBe("me@ou.edu");
    const bad = (await settle(action({ request: form(cookie, { intent: "send", email: "not an email" }), ...ctx }))) as Reply;
    expect(bad.data.result.error?.email).toEqual(["Invalid email address!"]);
  });

  it("on the general campus accepts any of the four schools", async () => {
    const { user } = await signedIn({ campusId: "campus" });
    expect(await schoolEmailRefusal(user, "a@ufl.edu")).toBeNull();
    expect(await schoolEmailRefusal(user, "a@smu.edu")).toBeNull();
    expect(await schoolEmailRefusal(user, "a@gmail.com")).toBe("not-school");
  });

  it("refuses an address another account already uses", async () => {
    const other = await signedIn({ email: `taken${n + 1}@ou.edu` });
    const { user } = await signedIn();
    expect(await schoolEmailRefusal(user, other.user.email)).toBe("email-in-use");
  });

  it("the emailed link works once, in any browser, and leads to posting", async () => {
    const { user, cookie } = await signedIn();
    const email = `linked${n}@ou.edu`;
    await settle(action({ request: form(cookie, { intent: "send", email }), ...ctx }));
    const link = (await lastMailTo(email))!.text.match(/(http\S+add-code\?token=\S+)/)![1]!;
    const first = (await settle(loader({ request: new Request(link), ...ctx }))) as Response;
    expect(first.headers.get("Location")).toBe("/create/post");
    expect((await getUserById(user.id))!.schoolVerified).toBe(true);
    const again = (await settle(loader({ request: new Request(link), ...ctx }))) as Response;
    expect(again.headers.get("Location")).toMatch(/^\/login/);
  });

  it("sends a visitor to log in", async () => {
    const res = (await settle(loader({ request: new Request(`${BASE}/add-code`), ...ctx }))) as Response;
    expect(res.headers.get("Location")).toBe("/login?redirect=%2Fadd-code");
  });
});

describe("campuses", () => {
  it("a campus site is https://{host}.com, or *.localhost on this port in development", async () => {
    const ut = (await getCampus("ut"))!;
    expect(campusSiteUrl(ut, "https://oubuysell.com/search_schools")).toBe("https://utbuysell.com/");
    expect(campusSiteUrl(ut, "http://localhost:3000/search_schools")).toBe("http://utbuysell.localhost:3000/");
    expect(campusSiteUrl(ut, "http://smubuysell.localhost:3000/")).toBe("http://utbuysell.localhost:3000/");
    // Another port is not this server: no link is built from it.
    expect(campusSiteUrl(ut, "http://smubuysell.localhost:4100/")).toBe("https://utbuysell.com/");
  });

  it("finds schools by short name, full name or email domain", async () => {
    expect((await findCampuses("")).map((c) => c.id)).toEqual(["campus", "ou", "ut", "smu", "uf"]);
    expect((await findCampuses("texas")).map((c) => c.id)).toEqual(["ut"]);
    expect((await findCampuses("UFL.EDU")).map((c) => c.id)).toEqual(["uf"]);
    expect((await findCampuses("smu")).map((c) => c.id)).toEqual(["smu"]);
    expect(await findCampuses("zzz")).toEqual([]);
  });

  it("moving campus re-decides school verification from the confirmed addresses", async () => {
    const { user } = await signedIn({ email: `mover${n + 1}@ou.edu` });
    expect((await changeCampus(user.id, "ut")).schoolVerified).toBe(false);
    expect((await changeCampus(user.id, "campus")).schoolVerified).toBe(true);
    expect((await changeCampus(user.id, "ou")).schoolVerified).toBe(true);
    expect((await getUserById(user.id))!.campusId).toBe("ou");
  });
});
