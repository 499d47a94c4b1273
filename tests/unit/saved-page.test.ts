// The Saved page: what a user saved (posts, projects, games), newest save first,
// keyset paged through the app's cursor; a sold item says so, a removed one says
// only that it was removed; signed-in only.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { seed } from "~/flows/seed.server";
import { blockUser } from "~/models/blocks.server";
import { toggleLike } from "~/models/likes.server";
import { createPost, type ListingFields } from "~/models/posts.server";
import { reportPost } from "~/models/reports.server";
import { getSavedPage } from "~/models/saved-items.server";
import { insertUser } from "~/models/users.server";
import * as savedRoute from "~/routes/saved/route.server";
import { getDb, schema } from "~/services/db.server";
import { createSessionCookie } from "~/services/session.server";

const origin = "http://localhost:3000";
const T0 = Date.UTC(2026, 2, 2, 15, 0, 0);
const ctx = { context: { cspNonce: "", clientIp: "127.0.0.9" } };
let n = 0;

async function user(first: string) {
  n++;
  return await insertUser({ campusId: "ou", firstName: first, lastName: "T.", username: `saved-${n}`, email: `saved${n}@ou.edu`, verified: true, schoolVerified: true });
}

const listing = (priceCents: number): ListingFields => ({ priceCents, isFree: false, priceTerms: null, condition: null, pickupSpot: null });

async function post(authorId: string, text: string, fields?: ListingFields) {
  return (await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin, listing: fields })).id;
}

/** Saves one at a time, a second apart, so the order is the order of saving. */
async function saveAll(userId: string, items: { type: "post" | "project" | "game"; id: string }[]) {
  for (const [i, item] of items.entries()) {
    vi.setSystemTime(T0 + i * 1000);
    expect((await toggleLike({ userId, ...item, origin })).saved).toBe(true);
  }
}

beforeAll(async () => await seed({ demo: false }));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("getSavedPage", () => {
  it("lists posts, projects and games newest save first, with price and status, and pages through the cursor", async () => {
    const seller = await user("Seller");
    const me = await user("Me");
    const desk = await post(seller.id, "Oak desk\nsolid wood", listing(6000));
    const lamp = await post(seller.id, "Desk lamp", listing(1500));
    const note = await post(seller.id, "Study group tonight");
    const [project] = await getDb().select().from(schema.projects).limit(1);
    const [game] = await getDb().select().from(schema.games).limit(1);
    await saveAll(me.id, [
      { type: "post", id: desk },
      { type: "project", id: project!.id },
      { type: "post", id: lamp },
      { type: "game", id: game!.id },
      { type: "post", id: note },
    ]);
    await getDb().update(schema.posts).set({ status: "sold" }).where(eq(schema.posts.id, lamp));

    const first = await getSavedPage({ userId: me.id, timeZone: "UTC", limit: 2 });
    expect(first.items.map((i) => i.id)).toEqual([`post:${note}`, `game:${game!.id}`]);
    expect(first.items[0]).toMatchObject({ kind: "post", href: `/post/${note}`, title: "Study group tonight", price: null, removed: null });
    expect(first.items[1]).toMatchObject({ kind: "game", href: `/game/${game!.id}`, title: game!.title, image: { src: game!.iconLink } });
    expect(first.nextCursor).toMatch(/^[\w-]+$/);

    const second = await getSavedPage({ userId: me.id, timeZone: "UTC", limit: 2, cursor: first.nextCursor });
    expect(second.items.map((i) => i.id)).toEqual([`post:${lamp}`, `project:${project!.id}`]);
    expect(second.items[0]).toMatchObject({ title: "Desk lamp", price: "$15", status: "sold" });

    const third = await getSavedPage({ userId: me.id, timeZone: "UTC", limit: 2, cursor: second.nextCursor });
    expect(third.items.map((i) => i.id)).toEqual([`post:${desk}`]);
    expect(third.items[0]).toMatchObject({ title: "Oak desk", price: "$60", status: "available", expired: false });
    expect(third.nextCursor).toBeNull();

    // A cursor that is not one of ours reads as the first page.
    expect((await getSavedPage({ userId: me.id, timeZone: "UTC", limit: 2, cursor: "bm90LWEtY3Vyc29y" })).items[0]!.id).toBe(`post:${note}`);
    // Someone else's saves are not mine.
    expect((await getSavedPage({ userId: seller.id, timeZone: "UTC" })).items).toEqual([]);
  });

  it("a deleted, hidden, reported or blocked post says only that it was removed, with no words or link", async () => {
    const seller = await user("Seller");
    const blocker = await user("Blocker");
    const me = await user("Me");
    const deleted = await post(seller.id, "Gone bike", listing(10000));
    const hidden = await post(seller.id, "Hidden chair", listing(2000));
    const reported = await post(seller.id, "Reported rug", listing(2000));
    const blocked = await post(blocker.id, "Blocker's shelf", listing(2000));
    const kept = await post(seller.id, "Kept kettle", listing(1000));
    await saveAll(me.id, [deleted, hidden, reported, blocked, kept].map((id) => ({ type: "post" as const, id })));
    await getDb().update(schema.posts).set({ deletedAt: T0 }).where(eq(schema.posts.id, deleted));
    await getDb().update(schema.posts).set({ hiddenAt: T0 }).where(eq(schema.posts.id, hidden));
    await reportPost({ reporterId: me.id, postId: reported, reason: "spam" });
    await blockUser(blocker.id, me.id);
    const { items } = await getSavedPage({ userId: me.id, timeZone: "UTC" });
    expect(items[0]).toMatchObject({ id: `post:${kept}`, title: "Kept kettle", removed: null });
    for (const item of items.slice(1)) expect(item).toMatchObject({ href: null, title: "", price: null, image: null, removed: "This post was removed." });
    expect(items).toHaveLength(5);
  });

  it("a listing past 30 days without renewal or comment is expired", async () => {
    const seller = await user("Seller");
    const me = await user("Me");
    const id = await post(seller.id, "Old couch", listing(5000));
    await toggleLike({ userId: me.id, type: "post", id, origin });
    const { items } = await getSavedPage({ userId: me.id, timeZone: "UTC", now: T0 + 31 * 24 * 3600_000 });
    expect(items[0]).toMatchObject({ title: "Old couch", expired: true });
  });
});

describe("/saved", () => {
  it("sends a visitor to log in, and shows a signed-in user their page", async () => {
    const visitor = await savedRoute.loader({ request: new Request(`${origin}/saved`), params: {}, ...ctx }).catch((thrown: unknown) => thrown);
    expect(visitor).toBeInstanceOf(Response);
    expect((visitor as Response).status).toBe(302);
    expect((visitor as Response).headers.get("Location")).toMatch(/^\/login/);

    const me = await user("Me");
    const seller = await user("Seller");
    const id = await post(seller.id, "Mini fridge", listing(4000));
    await toggleLike({ userId: me.id, type: "post", id, origin });
    const cookie = (await createSessionCookie(new Request(origin), me.id)).split(";")[0]!;
    const answer = (await savedRoute.loader({ request: new Request(`${origin}/saved`, { headers: { Cookie: cookie } }), params: {}, ...ctx })) as unknown as {
      data: { saved: { items: { title: string }[] } };
      init: ResponseInit;
    };
    expect(answer.data.saved.items.map((i) => i.title)).toEqual(["Mini fridge"]);
    expect(new Headers(answer.init.headers).get("Cache-Control")).toBe("private, no-store");
  });
});
