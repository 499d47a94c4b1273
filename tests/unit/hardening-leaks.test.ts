// Nothing hidden leaks (hardening): a moderators' notice names no moderator; a
// conversation, the inbox and notifications show a deleted listing, or one
// (or a comment) that reports hide from the viewer, as no longer available;
// the counters others see leave hidden items out; a hidden or deleted post's
// files are not served to others.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getConversation, getInboxPage, sendMessage, startConversation } from "~/models/messages.server";
import { claimRemoval, finishRemoval } from "~/models/moderation.server";
import { getNotificationsPage, listNotifications } from "~/models/notifications.server";
import { createPost, deletePost, getPost, mediaAccess, type DescribedMedia } from "~/models/posts.server";
import { hideIfReported, hiddenFromViewer, reportPost, REPORTS_TO_HIDE, unhideItem } from "~/models/reports.server";
import { insertUser, type User } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import { COMMENT_UNAVAILABLE, LISTING_UNAVAILABLE } from "~/utils/messages";
import { seed } from "~/flows/seed.server";

const origin = "http://localhost:3000";
const TZ = "UTC";
let n = 0;

beforeAll(() => seed({ demo: false }));

/** An OU student (school-verified on "ou" by their address). */
async function student(opts: { isModerator?: boolean } = {}): Promise<User> {
  n++;
  return insertUser({ campusId: "ou", firstName: `Leak${n}`, lastName: "L.", username: `leak-${n}`, email: `leak${n}@ou.edu`, verified: true, role: opts.isModerator ? "moderator" : "member" });
}

const listing = { priceCents: 4000, isFree: false, priceTerms: null, condition: null, pickupSpot: null };

const photo: DescribedMedia = { kind: "image", path: "posts/x/1", name: "desk.jpg", order: 1, width: 400, height: 300, variants: [200, 400], mimeType: "image/webp", size: 1000, alt: null };

async function newListing(authorId: string, text: string, withPhoto = false): Promise<string> {
  const id = `leak-post-${++n}`;
  await createPost({ id, authorId, campusId: "ou", blocks: [{ text }], media: withPhoto ? [{ ...photo, path: `posts/${id}/1` }] : [], origin, listing });
  return id;
}

const newComment = async (authorId: string, parentId: string, text: string) => (await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin, parentId })).id;

/** Hidden the way it happens: REPORTS_TO_HIDE school-verified students report it. */
async function hideByReports(postId: string): Promise<void> {
  for (let i = 0; i < REPORTS_TO_HIDE; i++) await reportPost({ reporterId: (await student()).id, postId, reason: "scam" });
  const [row] = await getDb().select({ hiddenAt: schema.posts.hiddenAt }).from(schema.posts).where(eq(schema.posts.id, postId));
  expect(row?.hiddenAt).not.toBeNull();
}

const commentCount = async (id: string) => (await getDb().select({ c: schema.posts.commentCount }).from(schema.posts).where(eq(schema.posts.id, id)))[0]!.c;
const totalPosts = async (id: string) => (await getDb().select({ t: schema.users.totalPosts }).from(schema.users).where(eq(schema.users.id, id)))[0]!.t;

describe("a moderators' notice", () => {
  it("records and shows no actor: no moderator id, name, username or photo in the row or the page data", async () => {
    const [author, moderator] = [await student(), await student({ isModerator: true })];
    const post = await newListing(author.id, "Counterfeit sneakers");
    await reportPost({ reporterId: (await student()).id, postId: post, reason: "scam" });
    const claim = await claimRemoval({ moderatorId: moderator.id, target: { type: "post", id: post } });
    await deletePost(post, moderator.id, { asModerator: true });
    const notice = "Your post was removed for breaking the rules: Scam or fraud";
    await finishRemoval(claim, { moderatorId: moderator.id, authorId: author.id, notice });

    const rows = await getDb().select().from(schema.notifications).where(eq(schema.notifications.userId, author.id));
    expect(rows).toMatchObject([{ type: "moderation", actorId: null, message: notice }]);
    const page = await getNotificationsPage({ userId: author.id, timeZone: TZ });
    expect(page.items).toMatchObject([{ actor: null, notice, href: "/more/rules", excerpt: null, unavailable: null }]);
    const [listed] = await listNotifications(author.id, TZ);
    expect(listed).toMatchObject({ actor: null, text: notice });
    const data = JSON.stringify([page, listed]);
    for (const leak of [moderator.id, moderator.username, moderator.firstName]) expect(data).not.toContain(leak);
  });

  it("a notice written before actors were left out still shows none", async () => {
    const [author, moderator] = [await student(), await student({ isModerator: true })];
    await getDb().insert(schema.notifications).values({ id: `old-notice-${n}`, userId: author.id, actorId: moderator.id, type: "moderation", message: "Your comment was removed for breaking the rules: Spam", createdAt: Date.now() });
    const [item] = (await getNotificationsPage({ userId: author.id, timeZone: TZ })).items;
    expect(item).toMatchObject({ actor: null, href: "/more/rules" });
    expect(JSON.stringify(item)).not.toContain(moderator.username);
  });
});

describe("conversations and the inbox", () => {
  it("a listing hidden by reports is no longer available to the buyer: no text, price or photo; its seller still sees it", async () => {
    const [seller, buyer] = [await student(), await student()];
    const post = await newListing(seller.id, "Mini fridge, barely used", true);
    const chat = await startConversation({ userId: buyer.id, postId: post });
    await sendMessage({ chatId: chat.id, senderId: buyer.id, text: "Still there?", origin });
    const before = await getConversation({ chatId: chat.id, userId: buyer.id, timeZone: TZ });
    expect(before.item).toMatchObject({ unavailable: false, text: "Mini fridge, barely used", price: "$40" });
    expect(before.item?.thumbnail?.src).toContain(`/media/posts/${post}/1-`);

    await hideByReports(post);
    const gone = { id: post, unavailable: true, text: "", price: null, thumbnail: null };
    expect((await getConversation({ chatId: chat.id, userId: buyer.id, timeZone: TZ })).item).toMatchObject(gone);
    const inbox = await getInboxPage({ userId: buyer.id, timeZone: TZ });
    expect(inbox.items.find((e) => e.id === chat.id)?.item).toMatchObject(gone);
    expect(JSON.stringify(inbox)).not.toContain("Mini fridge");

    // Its seller sees their own listing (the rule of its page).
    expect((await getConversation({ chatId: chat.id, userId: seller.id, timeZone: TZ })).item).toMatchObject({ unavailable: false, text: "Mini fridge, barely used" });
    expect((await getInboxPage({ userId: seller.id, timeZone: TZ })).items[0]?.item?.thumbnail).not.toBeNull();
  });

  it("a deleted listing is no longer available, the same way", async () => {
    const [seller, buyer] = [await student(), await student()];
    const post = await newListing(seller.id, "Desk lamp");
    const chat = await startConversation({ userId: buyer.id, postId: post });
    await sendMessage({ chatId: chat.id, senderId: buyer.id, text: "Hi", origin });
    await deletePost(post, seller.id);
    expect((await getConversation({ chatId: chat.id, userId: buyer.id, timeZone: TZ })).item).toMatchObject({ unavailable: true, text: "", price: null, thumbnail: null });
    expect((await getConversation({ chatId: chat.id, userId: seller.id, timeZone: TZ })).item).toMatchObject({ unavailable: true });
    expect(LISTING_UNAVAILABLE).toBe("This listing is no longer available");
  });
});

describe("notifications about a hidden item", () => {
  it("a comment hidden by reports has no excerpt for the post's author, only that it is no longer available; shown again, it has", async () => {
    const [seller, commenter, moderator] = [await student(), await student(), await student({ isModerator: true })];
    const post = await newListing(seller.id, "Textbooks");
    const comment = await newComment(commenter.id, post, "Cheaper at my place, DM me");
    const excerptFor = async (userId: string) => (await getNotificationsPage({ userId, timeZone: TZ })).items.find((i) => i.href === `/post/${comment}`);
    expect(await excerptFor(seller.id)).toMatchObject({ excerpt: "Cheaper at my place, DM me", unavailable: null });

    await hideByReports(comment);
    const hidden = await excerptFor(seller.id);
    expect(hidden).toMatchObject({ excerpt: null, unavailable: COMMENT_UNAVAILABLE });
    expect(JSON.stringify(hidden)).not.toContain("Cheaper");
    expect(COMMENT_UNAVAILABLE).toBe("This comment is no longer available");

    await unhideItem("comment", comment);
    expect(await excerptFor(seller.id)).toMatchObject({ excerpt: "Cheaper at my place, DM me", unavailable: null });
    // A moderator's own notifications are not at issue; the rule is the page's: hidden from others, not from them.
    expect((await hiddenFromViewer([{ id: comment, hiddenAt: 1, authorId: commenter.id }], moderator.id)).size).toBe(0);
    expect([...(await hiddenFromViewer([{ id: comment, hiddenAt: 1, authorId: commenter.id }], seller.id))]).toEqual([comment]);
    expect((await hiddenFromViewer([{ id: comment, hiddenAt: 1, authorId: commenter.id }], commenter.id)).size).toBe(0);
  });
});

describe("counters leave hidden items out", () => {
  it("a post's comment count goes down when a comment is hidden and back when it is shown again, once each", async () => {
    const [author, other] = [await student(), await student()];
    const post = await newListing(author.id, "Bike");
    const comment = await newComment(other.id, post, "Scam link here");
    const reply = await newComment(author.id, comment, "No thanks");
    await newComment(author.id, post, "Still available");
    expect([await commentCount(post), await commentCount(comment)]).toEqual([3, 1]);

    await hideByReports(comment);
    expect([await commentCount(post), await commentCount(comment)]).toEqual([2, 1]);
    // Hidden again while hidden: nothing moves.
    expect(await hideIfReported("comment", comment)).toBe(false);
    expect(await commentCount(post)).toBe(2);
    const seen = await getPost(post, TZ, other.id);
    expect(seen.status === "ok" && seen.post.commentCount).toBe(2);

    await unhideItem("comment", comment);
    await unhideItem("comment", comment);
    expect(await commentCount(post)).toBe(3);

    // Deleting a hidden comment takes away only what was still counted.
    await hideByReports(reply);
    expect([await commentCount(post), await commentCount(comment)]).toEqual([2, 0]);
    expect(await hideIfReported("comment", comment)).toBe(true); // its reports are still open
    expect(await commentCount(post)).toBe(1);
    await deletePost(comment, other.id);
    expect(await commentCount(post)).toBe(1);
  });

  it("a profile's post total leaves out a hidden post, counts it again when shown, and deleting it after does not count twice", async () => {
    const author = await student();
    const [a, b] = [await newListing(author.id, "Chair"), await newListing(author.id, "Table")];
    expect(await totalPosts(author.id)).toBe(2);
    await hideByReports(a);
    expect(await totalPosts(author.id)).toBe(1);
    await unhideItem("post", a);
    expect(await totalPosts(author.id)).toBe(2);
    await hideByReports(b);
    expect(await totalPosts(author.id)).toBe(1);
    await deletePost(b, author.id);
    expect(await totalPosts(author.id)).toBe(1);
    await deletePost(a, author.id);
    expect(await totalPosts(author.id)).toBe(0);
  });

  it("a game's comment count leaves out a hidden comment", async () => {
    const [game] = await getDb().select({ id: schema.games.id, c: schema.games.commentCount }).from(schema.games).limit(1);
    if (!game) throw new Error("the seed has no game");
    const commenter = await student();
    const comment = (await createPost({ authorId: commenter.id, campusId: "ou", blocks: [{ text: "Buy followers at…" }], media: [], origin, gameId: game.id })).id;
    const count = async () => (await getDb().select({ c: schema.games.commentCount }).from(schema.games).where(eq(schema.games.id, game.id)))[0]!.c;
    expect(await count()).toBe(game.c + 1);
    await hideByReports(comment);
    expect(await count()).toBe(game.c);
    await deletePost(comment, commenter.id);
    expect(await count()).toBe(game.c);
  });
});

describe("mediaAccess", () => {
  it("a post's files: public while it is visible, its author's and the moderators' only while hidden, no one's once deleted; the session only read when hidden", async () => {
    const [author, other, moderator] = [await student(), await student(), await student({ isModerator: true })];
    const post = await newListing(author.id, "Camera", true);
    const key = `posts/${post}/1-200.webp`;
    let lookups = 0;
    const as = (id: string | null) => async () => (lookups++, id);

    expect(await mediaAccess(key, as(other.id))).toBe("public");
    expect(await mediaAccess("avatars/someone/abc-96.webp", as(null))).toBe("anyone");
    expect(await mediaAccess("posts/no-such-post/1.mp4", as(null))).toBe("none");
    expect(await mediaAccess("posts/../x.webp", as(null))).toBe("none");
    expect(lookups).toBe(0);

    await hideByReports(post);
    expect(await mediaAccess(key, as(null))).toBe("none");
    expect(await mediaAccess(key, as(other.id))).toBe("none");
    expect(await mediaAccess(key, as(author.id))).toBe("author");
    expect(await mediaAccess(key, as(moderator.id))).toBe("author");
    expect(lookups).toBe(4);

    await unhideItem("post", post);
    expect(await mediaAccess(key, as(null))).toBe("public");
    await deletePost(post, author.id);
    expect(await mediaAccess(key, as(author.id))).toBe("none");
  });
});
