// The listing routes called with real Requests: status and renew on
// /post/{id} (the author only, 403 for anyone else), the edit page's action,
// the reminder job and the renew link from the email (no sign-in, once).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createListingReminderJob } from "~/flows/listing-reminders.server";
import { createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { action as editAction, loader as editLoader } from "~/routes/post.$id_.edit/route.server";
import { action as postAction } from "~/routes/post.$id/route.server";
import { action as renewAction, loader as renewLoader } from "~/routes/post.$id_.renew/route.server";
import { getDb, schema } from "~/services/db.server";
import { createSessionCookie } from "~/services/session.server";
import { seed } from "~/flows/seed.server";

const BASE = "http://localhost:3000";
const DAY = 24 * 3600_000;
let n = 0;
async function signedIn() {
  n++;
  const user = await insertUser({ campusId: "ou", firstName: `L${n}`, lastName: "T.", username: `lroute-${n}`, email: `lroute${n}@ou.edu`, verified: true, schoolVerified: true });
  const cookie = (await createSessionCookie(new Request("http://localhost/"), user.id)).split(";")[0]!;
  return { user, cookie };
}
function form(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`${BASE}${path}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
}
const ctx = { context: { cspNonce: "", clientIp: "127.0.0.1" } };
async function settle(fn: () => Promise<unknown>): Promise<Response | { data: unknown; init: ResponseInit | null }> {
  try {
    return (await fn()) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const statusOf = (r: Response | { init: ResponseInit | null }) => (r instanceof Response ? r.status : (r.init?.status ?? 200));
const row = async (id: string) => (await getDb().select().from(schema.posts).where(eq(schema.posts.id, id)))[0]!;
async function listing(authorId: string, priceCents = 2500) {
  return (await createPost({ authorId, campusId: "ou", blocks: [{ text: "Lamp" }], media: [], origin: BASE, listing: { priceCents, isFree: false, priceTerms: null, condition: null, pickupSpot: null } })).id;
}

beforeAll(() => seed({ demo: false }));

describe("status and renew on /post/{id}", () => {
  it("the author marks it sold with the alert; anyone else gets 403 whatever the form says", async () => {
    const seller = await signedIn();
    const other = await signedIn();
    const id = await listing(seller.user.id);
    const done = (await settle(() => postAction({ request: form(`/post/${id}`, seller.cookie, { intent: "status", status: "sold" }), params: { id }, ...ctx }))) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/post/${id}`);
    expect(done.headers.get("Set-Cookie")).toContain("__alert=");
    expect((await row(id)).status).toBe("sold");
    const attempts: Record<string, string>[] = [{ intent: "status", status: "available" }, { intent: "status", status: "available", authorId: other.user.id }, { intent: "renew" }];
    for (const fields of attempts) {
      const refused = await settle(() => postAction({ request: form(`/post/${id}`, other.cookie, fields), params: { id }, ...ctx }));
      expect(statusOf(refused)).toBe(403);
    }
    expect((await row(id)).status).toBe("sold");
    expect(statusOf(await settle(() => postAction({ request: form(`/post/${id}`, seller.cookie, { intent: "status", status: "gone" }), params: { id }, ...ctx })))).toBe(400);
  });

  it("renewing too soon is an alert, not an error", async () => {
    const seller = await signedIn();
    const id = await listing(seller.user.id);
    const res = (await settle(() => postAction({ request: form(`/post/${id}`, seller.cookie, { intent: "renew" }), params: { id }, ...ctx }))) as Response;
    expect(res.status).toBe(302);
    expect((await row(id)).renewedAt).toBeNull();
  });
});

describe("/post/{id}/edit", () => {
  it("is the author's: 403 for anyone else; a bad price comes back with the message and the draft", async () => {
    const seller = await signedIn();
    const other = await signedIn();
    const id = await listing(seller.user.id);
    const get = (cookie: string) => new Request(`${BASE}/post/${id}/edit`, { headers: { Cookie: cookie } });
    expect(statusOf(await settle(() => editLoader({ request: get(other.cookie), params: { id }, ...ctx })))).toBe(403);
    const page = (await editLoader({ request: get(seller.cookie), params: { id }, ...ctx })) as { defaults: Record<string, string> };
    expect(page.defaults).toMatchObject({ text: "Lamp", price: "25" });
    const bad = (await settle(() => editAction({ request: form(`/post/${id}/edit`, seller.cookie, { intent: "send", text: "Lamp", price: "25.999" }), params: { id }, ...ctx }))) as {
      data: { reply: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: ResponseInit | null;
    };
    expect(bad.init?.status).toBe(400);
    expect(bad.data.reply.error).toEqual({ price: ["Enter a price like 25 or 25.50"] });
    expect(bad.data.reply.initialValue).toMatchObject({ text: "Lamp", price: "25.999" });
    const saved = (await settle(() => editAction({ request: form(`/post/${id}/edit`, seller.cookie, { intent: "send", text: "Lamp, barely used", price: "20", condition: "good" }), params: { id }, ...ctx }))) as Response;
    expect(saved.status).toBe(302);
    expect(await row(id)).toMatchObject({ priceCents: 2000, condition: "good", text: [{ text: "Lamp, barely used" }] });
    expect((await row(id)).editedAt).not.toBeNull();
    expect(statusOf(await settle(() => editAction({ request: form(`/post/${id}/edit`, other.cookie, { intent: "send", text: "mine now" }), params: { id }, ...ctx })))).toBe(403);
    // Closing without changes leaves; with changes it asks.
    const closed = (await settle(() => editAction({ request: form(`/post/${id}/edit`, seller.cookie, { intent: "close", text: "Lamp, barely used", price: "20", condition: "good", category: "all" }), params: { id }, ...ctx }))) as Response;
    expect(closed.status).toBe(302);
    const asked = (await settle(() => editAction({ request: form(`/post/${id}/edit`, seller.cookie, { intent: "close", text: "Lamp!", price: "20", condition: "good" }), params: { id }, ...ctx }))) as { data: { askDiscard: boolean } };
    expect(asked.data.askDiscard).toBe(true);
  });
});

describe("the reminder job and the renew link", () => {
  it("emails once; opening the link changes nothing, the form renews once without a session", async () => {
    const seller = await signedIn();
    const id = await listing(seller.user.id);
    const at = Date.now() - 28 * DAY;
    await getDb().update(schema.posts).set({ createdAt: at, lastActivityAt: at }).where(eq(schema.posts.id, id));
    const job = createListingReminderJob();
    await job.runOnce();
    await job.runOnce();
    const mails = await getDb().select().from(schema.mail).where(eq(schema.mail.to, seller.user.email));
    expect(mails).toHaveLength(1);
    const link = new URL(/href="([^"]+\/renew\?token=[^"]+)"/.exec(mails[0]!.html)![1]!);
    const token = link.searchParams.get("token")!;
    const opened = (await renewLoader({ request: new Request(`${BASE}${link.pathname}${link.search}`), params: { id }, ...ctx })) as { error: string | null };
    expect(opened.error).toBeNull();
    expect((await row(id)).renewedAt).toBeNull();
    const post = () => new Request(`${BASE}/post/${id}/renew`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }) });
    const renewed = (await settle(() => renewAction({ request: post(), params: { id }, ...ctx }))) as Response;
    expect(renewed.status).toBe(302);
    expect((await row(id)).renewedAt).not.toBeNull();
    expect(statusOf(await settle(() => renewAction({ request: post(), params: { id }, ...ctx })))).toBe(410);
    // The same token on another post is not a link at all.
    const other = await listing(seller.user.id);
    expect(statusOf(await settle(() => renewLoader({ request: new Request(`${BASE}/post/${other}/renew?token=${token}`), params: { id: other }, ...ctx })))).toBe(404);
  });
});
