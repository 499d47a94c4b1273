// Notifications are not a spam cannon: one save notification per saver and
// item, ever; at most one email a day per (actor, item, kind) for saves and
// comments. Time is a fixed clock moved by hand.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toggleLike } from "~/models/likes.server";
import { createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import { seed } from "../../db/seed";

const origin = "http://localhost:3000";
const T0 = Date.UTC(2025, 4, 1, 15, 0, 0);
const HOUR = 3600_000;
let n = 0;

function user(first: string) {
  n++;
  return insertUser({
    campusId: "ou",
    firstName: first,
    lastName: "T.",
    username: `spam-${n}`,
    email: `spam${n}@ou.edu`,
    verified: true,
    schoolVerified: true,
  });
}

function notificationsOf(userId: string, type?: (typeof schema.notifications.$inferSelect)["type"]) {
  const where = type ? and(eq(schema.notifications.userId, userId), eq(schema.notifications.type, type)) : eq(schema.notifications.userId, userId);
  return getDb().select().from(schema.notifications).where(where).all();
}

function mailTo(email: string, kind: string) {
  return getDb()
    .select()
    .from(schema.mail)
    .where(and(eq(schema.mail.to, email), eq(schema.mail.kind, kind)))
    .all();
}

const post = (authorId: string, text: string, parentId?: string) => createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin, parentId });

beforeAll(() => seed({ demo: false }));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("saves", () => {
  it("ten Save toggles give the author one notification and one email", () => {
    const seller = user("Seller");
    const buyer = user("Buyer");
    const { id } = post(seller.id, "Mini fridge");
    for (let i = 0; i < 10; i++) toggleLike({ userId: buyer.id, type: "post", id, origin });
    expect(notificationsOf(seller.id, "post interaction")).toHaveLength(1);
    expect(mailTo(seller.email, "like")).toHaveLength(1);
  });

  it("saving again days after un-saving still notifies no one", () => {
    const seller = user("Seller");
    const buyer = user("Buyer");
    const { id } = post(seller.id, "Desk lamp");
    expect(toggleLike({ userId: buyer.id, type: "post", id, origin }).saved).toBe(true);
    expect(toggleLike({ userId: buyer.id, type: "post", id, origin }).saved).toBe(false);
    vi.setSystemTime(T0 + 72 * HOUR);
    expect(toggleLike({ userId: buyer.id, type: "post", id, origin }).saved).toBe(true);
    expect(notificationsOf(seller.id)).toHaveLength(1);
    expect(mailTo(seller.email, "like")).toHaveLength(1);
  });

  it("each saver notifies once; a saved comment notifies its author once", () => {
    const seller = user("Seller");
    const [a, b] = [user("Ann"), user("Ben")];
    const { id } = post(seller.id, "Bike");
    const comment = post(a.id, "Still there?", id);
    for (const saver of [a, b, a, b]) toggleLike({ userId: saver.id, type: "post", id, origin });
    expect(notificationsOf(seller.id, "post interaction")).toHaveLength(2);
    expect(mailTo(seller.email, "like")).toHaveLength(2);
    for (let i = 0; i < 4; i++) toggleLike({ userId: b.id, type: "post", id: comment.id, origin });
    expect(notificationsOf(a.id, "comment interaction")).toHaveLength(1);
    expect(mailTo(a.email, "like")).toHaveLength(1);
  });

  it("games and projects too: one notification per saver", async () => {
    const { ensurePortfolioFresh } = await import("~/models/portfolio.server");
    ensurePortfolioFresh();
    const game = getDb().select().from(schema.games).get();
    expect(game).toBeDefined();
    const fan = user("Fan");
    for (let i = 0; i < 6; i++) toggleLike({ userId: fan.id, type: "game", id: game!.id, origin });
    const rows = getDb()
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.actorId, fan.id), eq(schema.notifications.gameId, game!.id)))
      .all();
    expect(rows).toHaveLength(1);
  });
});

describe("comment emails", () => {
  it("at most one a day per commenter and post; every comment is still a notification", () => {
    const seller = user("Seller");
    const buyer = user("Buyer");
    const { id } = post(seller.id, "Couch");
    for (let i = 0; i < 5; i++) post(buyer.id, `Question ${i}`, id);
    expect(notificationsOf(seller.id, "comment")).toHaveLength(5);
    expect(mailTo(seller.email, "comment")).toHaveLength(1);

    vi.setSystemTime(T0 + 23 * HOUR);
    post(buyer.id, "Any news?", id);
    expect(mailTo(seller.email, "comment")).toHaveLength(1);

    vi.setSystemTime(T0 + 24 * HOUR + 1);
    post(buyer.id, "Next day", id);
    expect(mailTo(seller.email, "comment")).toHaveLength(2);
  });

  it("another commenter, another post or another kind (a reply) gets its own email", () => {
    const seller = user("Seller");
    const [a, b] = [user("Ann"), user("Ben")];
    const first = post(seller.id, "Chair");
    const second = post(seller.id, "Table");
    post(a.id, "Mine?", first.id);
    post(a.id, "Mine too?", second.id);
    const sellerComment = post(seller.id, "Maybe", first.id);
    post(b.id, "Me first", first.id);
    expect(mailTo(seller.email, "comment")).toHaveLength(3);
    post(a.id, "Why maybe?", sellerComment.id);
    post(a.id, "Well?", sellerComment.id);
    expect(mailTo(seller.email, "comment reply")).toHaveLength(1);
  });

  it("never for a user's own comments or saves", () => {
    const seller = user("Seller");
    const { id } = post(seller.id, "Lamp");
    post(seller.id, "Bump", id);
    toggleLike({ userId: seller.id, type: "post", id, origin });
    expect(notificationsOf(seller.id)).toHaveLength(0);
  });
});
