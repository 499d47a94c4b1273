// Rows 7 and 8 of the hardening issue, as raw HTTP against the production
// build: what a moderator removed must not name the moderator in its author's
// page data, and what reports hide must not show in the corners — a buyer's
// conversation and inbox, the notifications about it, the counts others see,
// and the hidden post's photo at its URL.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { postForm, rawRequest, serverUrl } from "./client";
import { closing, fieldPart, MULTIPART, partHead } from "./stream";
import { createPostAs, signInByMagicLink, signUpStudent, usernameOf, type SecurityUser } from "./users";

const UNAVAILABLE = "This listing is no longer available";
const COMMENT_UNAVAILABLE = "This comment is no longer available";

const as = (user: SecurityUser | string) => ({ Cookie: typeof user === "string" ? user : user.cookie });
const stamp = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;

let seller: SecurityUser;
let buyer: SecurityUser;
let reporters: SecurityUser[];
let ownerCookie: string;

beforeAll(async () => {
  [seller, buyer, ...reporters] = await Promise.all([
    signUpStudent({ name: "Sally Seller" }),
    signUpStudent({ name: "Bob Buyer" }),
    signUpStudent({ name: "Rita Reporter" }),
    signUpStudent({ name: "Rick Reporter" }),
    signUpStudent({ name: "Rosa Reporter" }),
  ]);
  ownerCookie = await signInByMagicLink("owner@example.com");
}, 120_000);

/** Three school-verified students report the post or comment: it is hidden. */
async function hideByReports(postId: string): Promise<void> {
  for (const reporter of reporters) {
    const res = await postForm(`/post/${postId}?report=post&target=${postId}`, { intent: "report", reason: "scam", returnTo: `/post/${postId}` }, as(reporter));
    expect(res.status).toBe(302);
  }
  // Gone for someone else: its page answers like a missing post.
  expect((await rawRequest(`/post/${postId}`)).status).toBe(404);
}

/** A listing with a photo, through the no-JS composer (multipart); its id, from its author's feed. */
async function listingWithPhoto(author: SecurityUser, text: string): Promise<string> {
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#2a7" } }).png().toBuffer();
  const fields = { intent: "send", target: "post", text, category: "all", price: "40", priceTerms: "firm" };
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => fieldPart(name, value)),
    partHead("files", "lamp.png"),
    png,
    Buffer.from("\r\n"),
    closing(),
  ]);
  const sent = await rawRequest("/create/post?goBack=%2Fhome", { method: "POST", headers: { "Content-Type": MULTIPART, Origin: new URL(serverUrl()).origin, ...as(author) }, body });
  expect(sent.status, sent.body.slice(0, 500)).toBe(302);
  const feed = (await rawRequest("/home", { headers: as(author) })).body;
  const at = feed.indexOf(text);
  const id = at >= 0 ? [...feed.slice(0, at).matchAll(/<article class="card post-card" id="post-([\w-]+)"/g)].at(-1)?.[1] : undefined;
  if (!id) throw new Error(`The new listing "${text}" is not on the feed`);
  return id;
}

/** The id of the comment in a thread's HTML that says `text`: the last comment opened before it. */
function commentIdOf(html: string, text: string): string | undefined {
  const at = html.indexOf(text);
  return at >= 0 ? [...html.slice(0, at).matchAll(/<li id="post-([\w-]+)" class="comment"/g)].at(-1)?.[1] : undefined;
}

/** The photo URLs of a post on a page (its own page as its author sees it). */
function photoUrls(html: string, postId: string): string[] {
  return [...new Set([...html.matchAll(new RegExp(`/media/posts/${postId}/[\\w./-]+?\\.webp`, "g"))].map((m) => m[0]))];
}

describe("row 7: a removal names no moderator", () => {
  it("/notifications.data after a removal carries no actor: not the moderator's name, username or id", async () => {
    const text = `Counterfeit watch ${stamp()}`;
    const postId = await createPostAs(seller, text);
    expect((await postForm(`/post/${postId}`, { intent: "report", reason: "scam" }, as(reporters[0]!))).status).toBe(302);
    const removed = await postForm("/moderation", { intent: "remove", target: `post:${postId}`, returnTo: "/moderation" }, as(ownerCookie));
    expect(removed.status).toBe(302);

    const ownerUsername = await usernameOf({ ...seller, cookie: ownerCookie });
    for (const path of ["/notifications.data", "/notifications"]) {
      const res = await rawRequest(path, { headers: as(seller) });
      expect(res.status, path).toBe(200);
      expect(res.body, path).toContain("Your post was removed for breaking the rules: ");
      for (const leak of [ownerUsername, `/${ownerUsername}`, "Jordan"]) expect(res.body, `${path}: ${leak}`).not.toContain(leak);
    }
    // The same data names the actor of an ordinary notification, so the check above looks in the right place.
    const other = await createPostAs(seller, `Desk ${stamp()}`);
    expect((await postForm(`/post/${other}`, { intent: "comment", text: "Is it free?" }, as(buyer))).status).toBe(302);
    const buyerUsername = await usernameOf(buyer);
    expect((await rawRequest("/notifications.data", { headers: as(seller) })).body).toContain(buyerUsername);
  }, 60_000);
});

describe("row 8: what reports hide stays hidden in the corners", () => {
  let listingId: string;
  let listingText: string;
  let chatPath: string;
  let photos: string[];

  beforeAll(async () => {
    listingText = `Vintage desk lamp ${stamp()}`;
    listingId = await listingWithPhoto(seller, listingText);
    photos = photoUrls((await rawRequest(`/post/${listingId}`, { headers: as(seller) })).body, listingId);
    expect(photos.length).toBeGreaterThan(0);
    const opened = await postForm(`/messages?post=${listingId}`, {}, as(buyer));
    expect(opened.status).toBe(302);
    chatPath = opened.headers.location!;
    expect((await postForm(chatPath, { intent: "send", text: "Is the lamp still there?" }, as(buyer))).status).toBe(302);
    // Before: the buyer sees the listing in both places, and its photo is public for minutes, not immutable.
    for (const path of ["/messages", chatPath]) expect((await rawRequest(path, { headers: as(buyer) })).body).toContain(listingText);
    const before = await rawRequest(photos[0]!);
    expect(before.status).toBe(200);
    expect(before.headers["cache-control"]).toBe("public, max-age=300, must-revalidate");
    await hideByReports(listingId);
  }, 120_000);

  it("the buyer's inbox and conversation say the listing is no longer available, with no excerpt or photo (page or data)", async () => {
    for (const path of ["/messages", chatPath, "/messages.data", `${chatPath}.data`]) {
      const res = await rawRequest(path, { headers: as(buyer) });
      expect(res.status, path).toBe(200);
      // The page says it; its data carries the flag the page says it from.
      if (!path.endsWith(".data")) expect(res.body, path).toContain(UNAVAILABLE);
      expect(res.body, path).not.toContain(listingText.slice(0, 17));
      expect(res.body, path).not.toContain(`/media/posts/${listingId}/`);
    }
    // The messages themselves stay readable.
    expect((await rawRequest(chatPath, { headers: as(buyer) })).body).toContain("Is the lamp still there?");
    // Its seller still sees their own listing there.
    expect((await rawRequest("/messages", { headers: as(seller) })).body).toContain(listingText.slice(0, 17));
  });

  it("the hidden listing's photo: 404 to a visitor and to another student, 200 to its author, never cached as immutable", async () => {
    for (const url of photos) {
      const visitor = await rawRequest(url);
      expect(visitor.status, url).toBe(404);
      expect(visitor.headers["cache-control"]).toBe("private, no-store");
      expect((await rawRequest(url, { headers: as(buyer) })).status).toBe(404);
      const own = await rawRequest(url, { headers: as(seller) });
      expect(own.status).toBe(200);
      expect(own.headers["content-type"]).toBe("image/webp");
      expect(own.headers["cache-control"]).not.toContain("immutable");
      expect(own.headers["cache-control"]).toContain("private");
      // Validators still work for its author.
      expect((await rawRequest(url, { headers: { ...as(seller), "If-None-Match": String(own.headers.etag) } })).status).toBe(304);
    }
    // Range requests too: nothing of it for a visitor.
    expect((await rawRequest(photos[0]!, { headers: { Range: "bytes=0-9" } })).status).toBe(404);
    expect((await rawRequest(photos[0]!, { headers: { ...as(seller), Range: "bytes=0-9" } })).status).toBe(206);
  });

  it("a notification about a hidden comment shows no excerpt", async () => {
    const postId = await createPostAs(seller, `Mini fridge ${stamp()}`);
    const comment = `Cheaper on my site, ${stamp()}`;
    expect((await postForm(`/post/${postId}`, { intent: "comment", text: comment }, as(buyer))).status).toBe(302);
    expect((await rawRequest("/notifications", { headers: as(seller) })).body).toContain(comment);
    const commentId = commentIdOf((await rawRequest(`/post/${postId}`, { headers: as(seller) })).body, "Cheaper on my site");
    expect(commentId).toBeTruthy();
    await hideByReports(commentId!);
    for (const path of ["/notifications", "/notifications.data"]) {
      const res = await rawRequest(path, { headers: as(seller) });
      expect(res.body, path).not.toContain(comment);
      expect(res.body, path).toContain(COMMENT_UNAVAILABLE);
    }
  }, 60_000);

  it("the counts others see leave out a hidden comment and a hidden post", async () => {
    const author = reporters[0]!; // any student with a fresh profile count
    const username = await usernameOf(author);
    const totals = async (viewer?: SecurityUser) => Number(/profile__totals">(\d+)/.exec((await rawRequest(`/${username}`, { headers: viewer ? as(viewer) : {} })).body)?.[1]);
    const postId = await createPostAs(author, `Bookshelf ${stamp()}`);
    const spare = await createPostAs(author, `Rug ${stamp()}`);
    const before = await totals();
    expect(await totals(buyer)).toBe(before);

    const commentCount = async (viewer?: SecurityUser) => {
      const page = (await rawRequest(`/post/${postId}`, { headers: viewer ? as(viewer) : {} })).body;
      const actions = page.slice(page.indexOf(`id="post-${postId}"`));
      return Number(/class="post-actions">[\s\S]*?(?:<span class="count">(\d+)<\/span>)?<\/a>/.exec(actions)?.[1] ?? 0);
    };
    expect((await postForm(`/post/${postId}`, { intent: "comment", text: "Link in bio, cheap" }, as(seller))).status).toBe(302);
    expect((await postForm(`/post/${postId}`, { intent: "comment", text: "Still there?" }, as(buyer))).status).toBe(302);
    expect(await commentCount()).toBe(2);
    const thread = (await rawRequest(`/post/${postId}`)).body;
    const sellerComment = commentIdOf(thread, "Link in bio, cheap");
    expect(sellerComment).toBeTruthy();
    // The author reports too, but three other students are needed: reporters[1], [2] and a new one.
    const third = await signUpStudent({ name: "Tess Third" });
    for (const reporter of [reporters[1]!, reporters[2]!, third]) {
      expect((await postForm(`/post/${sellerComment}?report=comment&target=${sellerComment}`, { intent: "report", reason: "spam", returnTo: `/post/${postId}` }, as(reporter))).status).toBe(302);
    }
    expect(await commentCount()).toBe(1);
    expect(await commentCount(buyer)).toBe(1);

    for (const reporter of [reporters[1]!, reporters[2]!, third]) {
      expect((await postForm(`/post/${spare}?report=post&target=${spare}`, { intent: "report", reason: "scam", returnTo: `/post/${spare}` }, as(reporter))).status).toBe(302);
    }
    expect(await totals()).toBe(before - 1);
    expect(await totals(buyer)).toBe(before - 1);
  }, 120_000);
});
