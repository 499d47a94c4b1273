// Notifications are not a spam cannon: one save notification per saver and
// item, ever; at most one email a day per (actor, item, kind) for saves and
// comments. Time is a fixed clock moved by hand.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toggleLike } from "~/models/likes.server";
import { createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import { seed } from "~/flows/seed.server";

const origin = "http://localhost:3000";
const T0 = Date.UTC(2025, 4, 1, 15, 0, 0);
const HOUR = 3600_000;
let n = 0;

async function user(first: string) {
  n++;
  return await insertUser({
    campusId: "ou",
    firstName: first,
    lastName: "T.",
    username: `spam-${n}`,
    email: `spam${n}@ou.edu`,
    verified: true,
    schoolVerified: true,
  });
}

async function notificationsOf(userId: string, type?: (typeof schema.notifications.$inferSelect)["type"]) {
  const where = type ? and(eq(schema.notifications.userId, userId), eq(schema.notifications.type, type)) : eq(schema.notifications.userId, userId);
  return (await getDb().select().from(schema.notifications).where(where));
}

async function mailTo(email: string, kind: string) {
  return (await getDb()
    .select()
    .from(schema.mail)
    .where(and(eq(schema.mail.to, email), eq(schema.mail.kind, kind))));
}

const post = async (authorId: string, text: string, parentId?: string) => await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin, parentId });

beforeAll(async () => await seed({ demo: false }));
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(async () => vi.useRealTimers());

describe("saves", () => {
  it("ten Save toggles give the author one notification and one email", async () => {
    const seller = await user("Seller");
    const buyer = await user("Buyer");
    const { id } = await post(seller.id, "Mini fridge");
    for (let i = 0; i < 10; i++) await toggleLike({ userId: buyer.id, type: "post", id, origin });
    expect(await notificationsOf(seller.id, "post interaction")).toHaveLength(1);
    expect(await mailTo(seller.email, "like")).toHaveLength(1);
  });

  it("saving again days after un-saving still notifies no one", async () => {
    const seller = await user("Seller");
    const buyer = await user("Buyer");
    const { id } = await post(seller.id, "Desk lamp");
    expect((await toggleLike({ userId: buyer.id, type: "post", id, origin })).saved).toBe(true);
    expect((await toggleLike({ userId: buyer.id, type: "post", id, origin })).saved).toBe(false);
    vi.setSystemTime(T0 + 72 * HOUR);
    expect((await toggleLike({ userId: buyer.id, type: "post", id, origin })).saved).toBe(true);
    expect(await notificationsOf(seller.id)).toHaveLength(1);
    expect(await mailTo(seller.email, "like")).toHaveLength(1);
  });

  it("each saver notifies once; a saved comment notifies its author once", async () => {
    const seller = await user("Seller");
    const [a, b] = [await user("Ann"), await user("Ben")];
    const { id } = await post(seller.id, "Bike");
    const comment = await post(a.id, "Still there?", id);
    for (const saver of [a, b, a, b]) await toggleLike({ userId: saver.id, type: "post", id, origin });
    expect(await notificationsOf(seller.id, "post interaction")).toHaveLength(2);
    expect(await mailTo(seller.email, "like")).toHaveLength(2);
    for (let i = 0; i < 4; i++) await toggleLike({ userId: b.id, type: "post", id: comment.id, origin });
    expect(await notificationsOf(a.id, "comment interaction")).toHaveLength(1);
    expect(await mailTo(a.email, "like")).toHaveLength(1);
  });

  it("games and projects too: one notification per saver", async () => {
    const { ensurePortfolioFresh } = await import("~/models/portfolio.server");
    await ensurePortfolioFresh();
    const game = (await getDb().select().from(schema.games).limit(1))[0];
    expect(game).toBeDefined();
    const fan = await user("Fan");
    for (let i = 0; i < 6; i++) await toggleLike({ userId: fan.id, type: "game", id: game!.id, origin });
    const rows = (await getDb()
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.actorId, fan.id), eq(schema.notifications.gameId, game!.id))));
    expect(rows).toHaveLength(1);
  });
});

describe("comment emails", () => {
  it("at most one a day per commenter and post; every comment is still a notification", async () => {
    const seller = await user("Seller");
    const buyer = await user("Buyer");
    const { id } = await post(seller.id, "Couch");
    for (let i = 0; i < 5; i++) await post(buyer.id, `Question ${i}`, id);
    expect(await notificationsOf(seller.id, "comment")).toHaveLength(5);
    expect(await mailTo(seller.email, "comment")).toHaveLength(1);

    vi.setSystemTime(T0 + 23 * HOUR);
    await post(buyer.id, "Any news?", id);
    expect(await mailTo(seller.email, "comment")).toHaveLength(1);

    vi.setSystemTime(T0 + 24 * HOUR + 1);
    await post(buyer.id, "Next day", id);
    expect(await mailTo(seller.email, "comment")).toHaveLength(2);
  });

  it("another commenter, another post or another kind (a reply) gets its own email", async () => {
    const seller = await user("Seller");
    const [a, b] = [await user("Ann"), await user("Ben")];
    const first = await post(seller.id, "Chair");
    const second = await post(seller.id, "Table");
    await post(a.id, "Mine?", first.id);
    await post(a.id, "Mine too?", second.id);
    const sellerComment = await post(seller.id, "Maybe", first.id);
    await post(b.id, "Me first", first.id);
    expect(await mailTo(seller.email, "comment")).toHaveLength(3);
    await post(a.id, "Why maybe?", sellerComment.id);
    await post(a.id, "Well?", sellerComment.id);
    expect(await mailTo(seller.email, "comment reply")).toHaveLength(1);
  });

  it("never for a user's own comments or saves", async () => {
    const seller = await user("Seller");
    const { id } = await post(seller.id, "Lamp");
    await post(seller.id, "Bump", id);
    await toggleLike({ userId: seller.id, type: "post", id, origin });
    expect(await notificationsOf(seller.id)).toHaveLength(0);
  });
});
