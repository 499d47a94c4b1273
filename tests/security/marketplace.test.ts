// The marketplace against hostile requests, sent as an attack tool sends them
// (raw HTTP, no browser): someone else's listing, conversation or review
// queue, and field values no form of ours sends. Each test asserts what the
// attacker gets back, then reads the page again as the rightful user (or the
// owner, for the review queue) to see that nothing changed.
import { beforeAll, describe, expect, it } from "vitest";
import { alertOf, decodeEntities, postForm, rawRequest, serverUrl, type RawResponse } from "./client";
import { closing, fieldPart, MULTIPART } from "./stream";
import { createPostAs, signInByMagicLink, signUp, signUpStudent, usernameOf, type SecurityUser } from "./users";

// ---------------------------------------------------------------------------
// Helpers

const OWNER_EMAIL = "owner@example.com";
const EVIL_ORIGIN = "https://evil.example";

const as = (user: SecurityUser | string) => ({ Cookie: typeof user === "string" ? user : user.cookie });

/** A multipart POST, as the no-JS composer and edit forms send theirs. */
function postMultipart(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = Buffer.concat([...Object.entries(fields).map(([name, value]) => fieldPart(name, value)), closing()]);
  return rawRequest(path, { method: "POST", headers: { "Content-Type": MULTIPART, Origin: new URL(serverUrl()).origin, ...headers }, body });
}


/** The page's HTML without its scripts (the data Remix embeds for hydration is not what a person sees). */
const withoutScripts = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");

/** The error messages a page shows: under fields (.field__errors) and for the whole form (.form-errors). */
function shownErrors(html: string): string[] {
  const lists = [...withoutScripts(html).matchAll(/class="(?:field__errors|form-errors)"[^>]*>([\s\S]*?)<\/(?:ul|div)>/g)];
  return lists.flatMap((m) => [...m[1]!.matchAll(/<(?:li|p)>([\s\S]*?)<\/(?:li|p)>/g)].map((e) => decodeEntities(e[1]!)));
}

/** What a form's textarea holds as the page comes back (the draft), or null when there is no such field. */
function textareaValue(html: string, name: string): string | null {
  const match = new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(withoutScripts(html));
  return match ? decodeEntities(match[1]!) : null;
}

/** The value of the radio button the page comes back with checked, or null. */
function checkedRadio(html: string, name: string): string | null {
  const inputs = withoutScripts(html).match(new RegExp(`<input type="radio" name="${name}"[^>]*>`, "g")) ?? [];
  const checked = inputs.find((tag) => / checked(?:="")?[\s/>]/.test(tag));
  return checked ? (/ value="([^"]*)"/.exec(checked)?.[1] ?? null) : null;
}


/** A refusal that sends a visitor to sign in first, and back here after. */
function expectSignInFirst(res: RawResponse, path: string) {
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe(`/login?redirect=${encodeURIComponent(path)}`);
}

/** What the seller sees of their listing on its page: everything an attacker could have changed. */
type ListingFacts = { text: string; listing: string; pickupSpot: string | null; edited: boolean; controls: string[]; renewFrom: string | null };

async function listingSeenBy(seller: SecurityUser, postId: string): Promise<ListingFacts> {
  const res = await rawRequest(`/post/${postId}`, { headers: as(seller) });
  expect(res.status, `the listing's page for its seller`).toBe(200);
  const html = withoutScripts(res.body);
  const start = html.indexOf(`id="post-${postId}"`);
  expect(start).toBeGreaterThan(0);
  const card = html.slice(start, html.indexOf("</article>", start));
  const controls = /<section class="panel listing-controls"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
  return {
    text: decodeEntities(/<div class="rich-text">([\s\S]*?)<\/div>/.exec(card)?.[1] ?? ""),
    listing: /<p class="listing-line"[\s\S]*?<\/p>/.exec(card)?.[0] ?? "",
    pickupSpot: /<dt>Pickup spot<\/dt><dd>([^<]*)<\/dd>/.exec(card)?.[1] ?? null,
    edited: card.includes("<dt>Edited</dt>"),
    controls: [...controls.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]!),
    renewFrom: /listing-controls__note[\s\S]*?dateTime="([^"]+)"/.exec(controls)?.[1] ?? null,
  };
}

/** The messages of a conversation as one of its members sees them, and whether they can still write. */
async function conversationSeenBy(member: SecurityUser, chatPath: string) {
  const res = await rawRequest(chatPath, { headers: as(member) });
  expect(res.status).toBe(200);
  const html = withoutScripts(res.body);
  return { messages: [...html.matchAll(/<p class="message__text"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => decodeEntities(m[1]!)), canSend: textareaValue(html, "text") !== null };
}

/** How many conversations the user's inbox lists. */
async function inboxSize(user: SecurityUser): Promise<number> {
  const res = await rawRequest("/messages", { headers: as(user) });
  expect(res.status).toBe(200);
  return res.body.split('data-testid="conversation"').length - 1;
}

/** Opens (or finds) the buyer's conversation about a listing through Message seller: its path. */
async function openConversation(buyer: SecurityUser, postId: string): Promise<string> {
  const res = await postForm(`/messages?post=${postId}`, {}, as(buyer));
  expect(res.status).toBe(302);
  expect(res.headers.location).toMatch(/^\/messages\/[\w-]+$/);
  return res.headers.location!;
}

// The owner (the seeded account, a moderator) reads the review queue; signed in once, when first needed.
let ownerSession: Promise<string> | undefined;
const owner = () => (ownerSession ??= signInByMagicLink(OWNER_EMAIL));

/** The review queue's entry for a reported item ("post:{id}"), as the owner sees it, or null. */
async function queueEntry(target: string): Promise<string | null> {
  const res = await rawRequest("/moderation", { headers: as(await owner()) });
  expect(res.status).toBe(200);
  return res.body.split('data-testid="moderation-entry"').slice(1).find((entry) => entry.includes(`data-target="${target}"`)) ?? null;
}

const reportsIn = (entry: string) => entry.split('data-testid="report"').length - 1;

/** A person's id, from the owner's "Make moderator: {name}" link in a queue entry. */
function personIdIn(entry: string, displayName: string): string {
  const at = entry.indexOf(`aria-label="Make moderator: ${displayName}"`);
  const id = at >= 0 ? /user=([\w-]+)"/.exec(entry.slice(at))?.[1] : undefined;
  if (!id) throw new Error(`No Make moderator link for ${displayName}`);
  return id;
}

/** A fresh post's id, for a test that needs one nobody else touched. */
const freshPost = (author: SecurityUser, text: string, fields: Record<string, string> = {}) => createPostAs(author, `${text} ${Date.now()}`, fields);

// ---------------------------------------------------------------------------

describe("someone else's listing", () => {
  let seller: SecurityUser;
  let stranger: SecurityUser;
  let listingId: string;
  let before: ListingFacts;

  beforeAll(async () => {
    [seller, stranger] = await Promise.all([signUpStudent({ name: "Sally Seller" }), signUpStudent({ name: "Mal Lory" })]);
    listingId = await freshPost(seller, "Road bike, 54 cm", { price: "40", priceTerms: "obo", condition: "good", pickupSpot: "ou-union" });
    before = await listingSeenBy(seller, listingId);
    expect(before.listing).toContain("$40 OBO");
    expect(before.controls).toEqual(["Mark as pending", "Mark as sold"]);
  });

  const actions: [string, Record<string, string>][] = [
    ["marks it sold", { intent: "status", status: "sold" }],
    ["marks it pending", { intent: "status", status: "pending" }],
    ["renews it", { intent: "renew" }],
    ["deletes it", { intent: "delete", returnTo: "/home" }],
  ];

  it.each(actions)("another student %s: 403, and the listing is unchanged", async (_what, fields) => {
    const res = await postForm(`/post/${listingId}`, fields, as(stranger));
    expect(res.status).toBe(403);
    expect(alertOf(res)).toBeNull();
    expect(await listingSeenBy(seller, listingId)).toEqual(before);
  });

  it.each(actions)("a visitor %s: sent to sign in, and the listing is unchanged", async (_what, fields) => {
    expectSignInFirst(await postForm(`/post/${listingId}`, fields), `/post/${listingId}`);
    expect(await listingSeenBy(seller, listingId)).toEqual(before);
  });

  it("another student edits it (urlencoded and multipart): 403 'Only the author can edit this post.', unchanged", async () => {
    const edit = { intent: "send", text: "Sold out, message me elsewhere", price: "1", condition: "for-parts", pickupSpot: "other" };
    for (const res of [await postForm(`/post/${listingId}/edit`, edit, as(stranger)), await postMultipart(`/post/${listingId}/edit`, edit, as(stranger))]) {
      expect(res.status).toBe(403);
      expect(withoutScripts(res.body)).toContain("Only the author can edit this post.");
      expect(res.body).not.toContain("Sold out, message me elsewhere");
    }
    // The edit page itself shows nothing of the listing to them either.
    const page = await rawRequest(`/post/${listingId}/edit`, { headers: as(stranger) });
    expect(page.status).toBe(403);
    expect(textareaValue(page.body, "text")).toBeNull();
    expect(await listingSeenBy(seller, listingId)).toEqual(before);
  });

  it("a visitor edits it: sent to sign in, unchanged", async () => {
    expectSignInFirst(await postForm(`/post/${listingId}/edit`, { intent: "send", text: "Visitor edit", price: "1" }), `/post/${listingId}/edit`);
    expectSignInFirst(await rawRequest(`/post/${listingId}/edit`), `/post/${listingId}/edit`);
    expect(await listingSeenBy(seller, listingId)).toEqual(before);
  });

  it("the seller's own browser, driven by another site (Origin: evil.example), deletes or marks it sold: 403, unchanged", async () => {
    const forged: Record<string, string>[] = [{ intent: "delete" }, { intent: "status", status: "sold" }];
    for (const fields of forged) {
      const res = await postForm(`/post/${listingId}`, fields, { ...as(seller), Origin: EVIL_ORIGIN });
      expect(res.status).toBe(403);
    }
    expect(await listingSeenBy(seller, listingId)).toEqual(before);
  });

  it("a renew link with a forged token: 404, and the listing is not renewed", async () => {
    for (const token of ["", "1.2.forged", `${Date.now()}.${Date.now() + 86_400_000}.AAAA`]) {
      const res = await postForm(`/post/${listingId}/renew`, { token });
      expect(res.status).toBe(404);
      expect(alertOf(res)).toBeNull();
    }
    expect(await listingSeenBy(seller, listingId)).toEqual(before);
  });

  it("the same requests on a post id that does not exist: 404, not a 500", async () => {
    const forms: Record<string, string>[] = [{ intent: "status", status: "sold" }, { intent: "renew" }, { intent: "delete" }];
    for (const fields of forms) {
      expect((await postForm("/post/no-such-post-123", fields, as(stranger))).status).toBe(404);
    }
    expect((await postForm("/post/no-such-post-123/edit", { intent: "send", text: "x" }, as(stranger))).status).toBe(404);
  });

  it("(control) the seller's own Mark as pending goes through: the checks above would have seen a change", async () => {
    const res = await postForm(`/post/${listingId}`, { intent: "status", status: "pending" }, as(seller));
    expect(res.status).toBe(302);
    expect(alertOf(res)).toBe("Marked as pending.");
    const after = await listingSeenBy(seller, listingId);
    expect(after.listing).toContain("Pending");
    expect(after).not.toEqual(before);
  });
});

describe("hostile listing fields", () => {
  const PRICE_FORMAT = "Enter a price like 25 or 25.50";
  const PRICE_TOO_HIGH = "Price must be $100,000 or less";
  const SPOT_UNKNOWN = "Choose a pickup spot from the list.";

  let seller: SecurityUser;
  let listingId: string;
  let before: ListingFacts;

  beforeAll(async () => {
    seller = await signUpStudent({ name: "Hank Hostile" });
    listingId = await freshPost(seller, "Desk lamp", { price: "12.50", condition: "like-new", pickupSpot: "ou-bizzell" });
    before = await listingSeenBy(seller, listingId);
    expect(before.listing).toContain("$12.50");
  });

  const cases: [string, Record<string, string>, string][] = [
    ["a negative price", { price: "-1" }, PRICE_FORMAT],
    ["1e308", { price: "1e308" }, PRICE_FORMAT],
    ["NaN", { price: "NaN" }, PRICE_FORMAT],
    ["Infinity", { price: "Infinity" }, PRICE_FORMAT],
    ["a hexadecimal price", { price: "0x10" }, PRICE_FORMAT],
    ["three decimals", { price: "25.999" }, PRICE_FORMAT],
    ["Arabic-Indic digits", { price: "\u0662\u0665" }, PRICE_FORMAT],
    ["a price of 10,000 digits", { price: "9".repeat(10_000) }, PRICE_TOO_HIGH],
    ["one cent over $100,000", { price: "100000.01" }, PRICE_TOO_HIGH],
    ["a price with Free also ticked", { price: "10", free: "on" }, "Choose Free or a price, not both."],
    ["an unknown condition", { price: "10", condition: "mint" }, "Choose a condition from the list."],
    ["unknown price terms", { price: "10", priceTerms: "negotiable" }, "Choose Firm or OBO."],
    ["a pickup spot of another campus", { price: "10", pickupSpot: "ut-union" }, SPOT_UNKNOWN],
    ["a made-up pickup spot", { price: "10", pickupSpot: "behind-the-dumpsters" }, SPOT_UNKNOWN],
    ["a pickup spot with SQL in it", { price: "10", pickupSpot: "ou-union' OR '1'='1" }, SPOT_UNKNOWN],
  ];

  it.each(cases)("%s: 400 with the message and the draft back, on create (urlencoded, multipart) and edit; nothing saved", async (what, fields, message) => {
    const draft = `Draft with ${what} ${Date.now()}`;
    const create = { intent: "send", target: "post", text: draft, category: "all", ...fields };
    const answers = [
      await postForm("/create/post?goBack=%2Fhome", create, as(seller)),
      await postMultipart("/create/post?goBack=%2Fhome", create, as(seller)),
      await postMultipart(`/post/${listingId}/edit`, { intent: "send", text: draft, ...fields }, as(seller)),
    ];
    for (const res of answers) {
      expect(res.status, res.body.slice(0, 300)).toBe(400);
      expect(shownErrors(res.body)).toContain(message);
      expect(textareaValue(res.body, "text")).toBe(draft);
    }
    const feed = await rawRequest("/home", { headers: as(seller) });
    expect(feed.body).not.toContain(draft);
    expect(await listingSeenBy(seller, listingId)).toEqual(before);
  });

  it.each(["deleted", "available' OR 1=1", "SOLD", "", "sold;DROP TABLE posts"])("status %j (not in the list): 400, the status unchanged", async (status) => {
    const res = await postForm(`/post/${listingId}`, { intent: "status", status }, as(seller));
    expect(res.status).toBe(400);
    expect(alertOf(res)).toBeNull();
    expect(await listingSeenBy(seller, listingId)).toEqual(before);
  });

  it("a status field on the composer is ignored: the new listing is available", async () => {
    const id = await freshPost(seller, "Bookshelf", { price: "15", status: "sold" });
    const created = await listingSeenBy(seller, id);
    expect(created.listing).not.toMatch(/Sold|Pending/);
    expect(created.controls).toEqual(["Mark as pending", "Mark as sold"]);
  });
});

describe("conversations", () => {
  const FIRST_MESSAGE = "Hi! Is the bike still for sale?";
  let seller: SecurityUser;
  let buyer: SecurityUser;
  let stranger: SecurityUser;
  let listingId: string;
  let chat: string;

  beforeAll(async () => {
    [seller, buyer, stranger] = await Promise.all([
      signUpStudent({ name: "Cara Seller" }),
      signUpStudent({ name: "Bob Buyer" }),
      signUpStudent({ name: "Eve Stranger" }),
    ]);
    listingId = await freshPost(seller, "City bike", { price: "80" });
    chat = await openConversation(buyer, listingId);
    const sent = await postForm(chat, { intent: "send", text: FIRST_MESSAGE }, as(buyer));
    expect(sent.status).toBe(302);
  });

  /** Both members still see exactly the one message, and can both still write. */
  async function expectUntouched() {
    for (const member of [buyer, seller]) expect(await conversationSeenBy(member, chat)).toEqual({ messages: [FIRST_MESSAGE], canSend: true });
  }

  it("a third user reads it: 404, the same as an id that does not exist, and none of its messages", async () => {
    const theirs = await rawRequest(chat, { headers: as(stranger) });
    const madeUp = await rawRequest("/messages/no-such-conversation", { headers: as(stranger) });
    expect([theirs.status, madeUp.status]).toEqual([404, 404]);
    expect(theirs.body).not.toContain(FIRST_MESSAGE);
    expect((await rawRequest(`${chat}?before=${Buffer.from(`${Date.now()}.x`).toString("base64url")}`, { headers: as(stranger) })).status).toBe(404);
  });

  it.each<[string, Record<string, string>]>([
    ["sends a message", { intent: "send", text: "Buy from me instead, cheaper!" }],
    ["sends an empty message", { intent: "send", text: " " }],
    ["sends an over-long message", { intent: "send", text: "z".repeat(1_001) }],
    ["blocks the other member", { intent: "block" }],
    ["unblocks", { intent: "unblock" }],
    ["reports it", { intent: "report", reason: "spam" }],
    ["sends a bad report", { intent: "report", reason: "not-a-reason" }],
    ["sends an unknown intent", { intent: "delete" }],
  ])("a third user %s: 404, and nothing reaches the members", async (_what, fields) => {
    const res = await postForm(chat, fields, as(stranger));
    expect(res.status, withoutScripts(res.body).slice(0, 300)).toBe(404);
    expect(res.body).not.toContain(FIRST_MESSAGE);
    await expectUntouched();
  });

  it("a visitor reads or writes to it: sent to sign in", async () => {
    expectSignInFirst(await rawRequest(chat), chat);
    expectSignInFirst(await postForm(chat, { intent: "send", text: "anonymous hello" }), chat);
    await expectUntouched();
  });

  it("the seller opens a conversation about their own listing: refused, back to the post, no conversation", async () => {
    const inbox = await inboxSize(seller);
    const res = await postForm(`/messages?post=${listingId}`, {}, as(seller));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/post/${listingId}`);
    expect(alertOf(res)).toBe("This is your own post.");
    expect(await inboxSize(seller)).toBe(inbox);
  });

  it("a conversation about a post that does not exist, or with no post at all: 404", async () => {
    expect((await postForm("/messages?post=no-such-post-123", {}, as(buyer))).status).toBe(404);
    expect((await postForm("/messages", {}, as(buyer))).status).toBe(404);
    expect((await postForm("/messages?post=..%2F..%2Fetc%2Fpasswd", {}, as(buyer))).status).toBe(404);
  });

  it("an over-long message: 400 'Error: Too many characters!' with the draft back; past any form's size, 413", async () => {
    const draft = `${"Long story. ".repeat(90)}The end.`;
    expect(draft.length).toBeGreaterThan(1_000);
    const res = await postForm(chat, { intent: "send", text: draft }, as(buyer));
    expect(res.status).toBe(400);
    expect(shownErrors(res.body)).toContain("Error: Too many characters!");
    expect(textareaValue(res.body, "text")).toBe(draft);
    // More than the field cap (10,000 characters; the textarea takes 1,200): refused before it is read.
    const huge = await postForm(chat, { intent: "send", text: "h".repeat(10_001) }, as(buyer));
    expect(huge.status).toBe(413);
    expect(withoutScripts(huge.body)).toContain("Error: Too many characters!");
    await expectUntouched();
  });

  it.each([["an empty message", ""], ["a message of spaces", "     "], ["a message of line breaks and tabs", "\r\n\t \n"], ["no text field at all", null]])(
    "%s: 400 'Write a message first.', nothing sent",
    async (_what, text) => {
      const res = await postForm(chat, text === null ? { intent: "send" } : { intent: "send", text }, as(buyer));
      expect(res.status).toBe(400);
      expect(shownErrors(res.body)).toContain("Write a message first.");
      await expectUntouched();
    },
  );

  it("messaging someone who blocked you: 403 with the reason, and no new conversation about their other listing", async () => {
    const [blocker, blocked] = await Promise.all([signUpStudent({ name: "Bea Blocker" }), signUpStudent({ name: "Pat Pest" })]);
    const first = await freshPost(blocker, "Mini fridge", { price: "50" });
    const second = await freshPost(blocker, "Microwave", { price: "30" });
    const conversation = await openConversation(blocked, first);
    expect((await postForm(conversation, { intent: "send", text: "Still available?" }, as(blocked))).status).toBe(302);

    const block = await postForm(`/${await usernameOf(blocked)}`, { intent: "block" }, as(blocker));
    expect(block.status).toBe(302);
    expect(alertOf(block)).toBe("User blocked.");
    const blockedList = await rawRequest("/settings/blocked", { headers: as(blocker) });
    expect(blockedList.body.split('data-testid="blocked-person"')).toHaveLength(2);

    // The composer is replaced by the reason: nothing there could be sent to this person anyway.
    const sent = await postForm(conversation, { intent: "send", text: "Why did you block me? Answer!" }, as(blocked));
    expect(sent.status).toBe(403);
    expect(decodeEntities(withoutScripts(sent.body))).toContain("You can't message this person.");
    expect(textareaValue(sent.body, "text")).toBeNull();

    const inbox = await inboxSize(blocked);
    const another = await postForm(`/messages?post=${second}`, {}, as(blocked));
    expect(another.status).toBe(302);
    expect(another.headers.location).toBe(`/post/${second}`);
    expect(alertOf(another)).toBe("You can't message this person.");
    expect(await inboxSize(blocked)).toBe(inbox);

    // The one who blocked can't write either; the conversation holds only what came before.
    expect((await postForm(conversation, { intent: "send", text: "Leave me alone" }, as(blocker))).status).toBe(403);
    expect((await conversationSeenBy(blocker, conversation)).messages).toEqual(["Still available?"]);
  });
});

describe("reports", () => {
  const REPORTED = "Post Reported. Thanks for letting us know.";
  const ALREADY = "You already reported this post.";
  let author: SecurityUser;
  let reporter: SecurityUser;
  let reporter2: SecurityUser;

  beforeAll(async () => {
    [author, reporter, reporter2] = await Promise.all([
      signUpStudent({ name: "Ann Author" }),
      signUpStudent({ name: "Rita Reporter" }),
      signUpStudent({ name: "Rob Reporter" }),
    ]);
  });

  /** The report dialog's form as the post page sends it (its action keeps the dialog open for a refusal). */
  const report = (postId: string, user: SecurityUser | null, fields: Record<string, string>) =>
    postForm(`/post/${postId}?report=post&target=${postId}`, { intent: "report", returnTo: `/post/${postId}`, ...fields }, user ? as(user) : {});

  it("reporting your own post: 400, and nothing reaches the queue", async () => {
    const post = await freshPost(author, "My own lamp");
    const res = await report(post, author, { reason: "scam" });
    expect(res.status).toBe(400);
    expect(alertOf(res)).toBeNull();
    expect(await queueEntry(`post:${post}`)).toBeNull();
    // Nor is it taken out of the author's own view, as a reporter's reported post would be.
    expect((await rawRequest(`/post/${post}`, { headers: as(author) })).status).toBe(200);
  });

  it.each(["not-a-reason", "SCAM", "scam' OR 1=1", "", "Scam or fraud"])("the reason %j (not in the list): 400 'Choose a reason.' with the note back", async (reason) => {
    const post = await freshPost(author, "Chair");
    const note = `Seen it on three sites ${Date.now()}`;
    const res = await report(post, reporter, { reason, note });
    expect(res.status).toBe(400);
    expect(shownErrors(res.body)).toContain("Choose a reason.");
    expect(textareaValue(res.body, "note")).toBe(note);
    expect(await queueEntry(`post:${post}`)).toBeNull();
  });

  it("a note over 500 characters: 400 with the message, the note and the reason back", async () => {
    const post = await freshPost(author, "Textbook");
    const note = `${"This seller asked me to pay by gift card. ".repeat(12)}`.slice(0, 501);
    const res = await report(post, reporter, { reason: "scam", note });
    expect(res.status).toBe(400);
    expect(shownErrors(res.body)).toContain("Please keep the note to 500 characters or fewer.");
    expect(textareaValue(res.body, "note")).toBe(note);
    expect(checkedRadio(res.body, "reason")).toBe("scam");
    expect(await queueEntry(`post:${post}`)).toBeNull();
  });

  it("a post that does not exist, or was deleted: 404", async () => {
    expect((await report("no-such-post-123", reporter, { reason: "spam" })).status).toBe(404);
    const post = await freshPost(author, "Gone soon");
    expect((await postForm(`/post/${post}`, { intent: "delete" }, as(author))).status).toBe(302);
    expect((await report(post, reporter, { reason: "spam" })).status).toBe(404);
  });

  it("the same item reported again, and twice at once: 'already reported', one report per reporter in the queue", async () => {
    const post = await freshPost(author, "Concert tickets", { price: "120" });
    const first = await report(post, reporter, { reason: "scam" });
    expect([first.status, alertOf(first)]).toEqual([302, REPORTED]);
    const again = await report(post, reporter, { reason: "spam", note: "and again" });
    expect([again.status, again.headers.location, alertOf(again)]).toEqual([302, `/post/${post}`, ALREADY]);

    const both = await Promise.all([report(post, reporter2, { reason: "scam" }), report(post, reporter2, { reason: "prohibited" })]);
    expect(both.map((r) => r.status)).toEqual([302, 302]);
    expect(both.map(alertOf).sort()).toEqual([REPORTED, ALREADY].sort());

    const entry = await queueEntry(`post:${post}`);
    expect(entry).not.toBeNull();
    expect(reportsIn(entry!)).toBe(2);
    expect(entry).not.toContain("and again");
    // Two reporters are under the threshold of three: the post is still there for everyone.
    expect((await rawRequest(`/post/${post}`)).status).toBe(200);
  });

  it("a listing hidden by three reports: a fourth student who kept its link can't save it, reply to it or message its seller", async () => {
    const [reporter3, buyer] = await Promise.all([signUpStudent({ name: "Ray Reporter" }), signUpStudent({ name: "Kim Keeper" })]);
    const post = await freshPost(author, "iPhone 15, $50 today only", { price: "50" });
    for (const r of [reporter, reporter2, reporter3]) expect((await report(post, r, { reason: "scam" })).status).toBe(302);
    expect((await rawRequest(`/post/${post}`, { headers: as(buyer) })).status).toBe(404);

    const inbox = await inboxSize(buyer);
    const save = await postForm(`/post/${post}`, { intent: "like", returnTo: `/post/${post}` }, as(buyer));
    const reply = await postForm(`/post/${post}`, { intent: "comment", text: "Still available?" }, as(buyer));
    const replyPage = await rawRequest(`/create/comment/${post}?type=post`, { headers: as(buyer) });
    // The composer's upload with a progress bar (JS) takes replies too.
    const upload = await postMultipart(`/create/upload?target=comment&id=${post}&type=post`, { text: "Still available?" }, as(buyer));
    const message = await postForm(`/messages?post=${post}`, {}, as(buyer));
    expect([save.status, reply.status, replyPage.status, upload.status, message.status]).toEqual([404, 404, 404, 404, 404]);
    expect(await inboxSize(buyer)).toBe(inbox);

    // The author sees it, hidden, with no save, reply or notification from the buyer; and can still reply to it.
    const own = await rawRequest(`/post/${post}`, { headers: as(author) });
    expect(own.status).toBe(200);
    expect(withoutScripts(own.body)).toContain("Hidden while we review reports");
    expect(own.body).not.toContain("Still available?");
    expect(withoutScripts(own.body)).toMatch(/ Save <span class="count">0<\/span>/);
    expect((await rawRequest("/notifications", { headers: as(author) })).body).not.toContain("Kim K.");
    expect((await rawRequest(`/create/comment/${post}?type=post`, { headers: as(author) })).status).toBe(200);
  });

  it("returnTo pointing at another site: the answer still leads back to the site", async () => {
    const post = await freshPost(author, "Skateboard");
    for (const returnTo of [`${EVIL_ORIGIN}/phish`, "//evil.example/phish", "/\\evil.example"]) {
      const res = await report(post, reporter, { reason: "other", returnTo });
      expect(res.status).toBe(302);
      expect(new URL(res.headers.location!, serverUrl()).origin).toBe(new URL(serverUrl()).origin);
    }
  });

  it("a visitor reports: sent to sign in, nothing filed", async () => {
    const post = await freshPost(author, "Guitar");
    expectSignInFirst(await report(post, null, { reason: "scam" }), `/post/${post}?report=post&target=${post}`);
    expect(await queueEntry(`post:${post}`)).toBeNull();
  });

  it("reporting yourself on your own profile: 400", async () => {
    const username = await usernameOf(reporter);
    const res = await postForm(`/${username}?report=user`, { intent: "report", reason: "spam" }, as(reporter));
    expect(res.status).toBe(400);
    expect(alertOf(res)).toBeNull();
  });
});

describe("the review queue for a non-moderator", () => {
  let author: SecurityUser;
  let attacker: SecurityUser;
  let postId: string;
  let postText: string;
  let ids: { attacker: string; author: string };

  beforeAll(async () => {
    [author, attacker] = await Promise.all([signUpStudent({ name: "Ned Author" }), signUpStudent({ name: "Ivy Attacker" })]);
    postText = `Vintage radio ${Date.now()}`;
    postId = await createPostAs(author, postText, { price: "35" });
    // An open report, so every action has something to act on.
    const reported = await postForm(`/post/${postId}`, { intent: "report", reason: "spam" }, as(attacker));
    expect(reported.status).toBe(302);
    const entry = await queueEntry(`post:${postId}`);
    expect(entry).not.toBeNull();
    ids = { attacker: personIdIn(entry!, "Ivy A."), author: personIdIn(entry!, "Ned A.") };
  });

  /** The queue as the owner sees it: the entry still open, with its one report, no action taken, the author not suspended. */
  async function expectNothingHappened() {
    const entry = await queueEntry(`post:${postId}`);
    expect(entry).not.toBeNull();
    expect(reportsIn(entry!)).toBe(1);
    expect(entry).not.toContain('data-testid="moderation-action"');
    expect(entry).toContain("Not suspended");
    const page = await rawRequest(`/post/${postId}`);
    expect(page.status).toBe(200);
    expect(withoutScripts(page.body)).toContain(postText);
  }

  it("GET /moderation, with or without a confirmation in the URL: 404 for a student and a visitor", async () => {
    for (const path of ["/moderation", `/moderation?confirm=remove&target=post%3A${postId}`, `/moderation?confirm=make-moderator&target=post%3A${postId}&user=${ids.attacker}`]) {
      for (const headers of [as(attacker), {}]) {
        const res = await rawRequest(path, { headers });
        expect(res.status).toBe(404);
        expect(res.body).not.toContain('data-testid="moderation-entry"');
        expect(res.body).not.toContain(postText);
      }
    }
  });

  const forms = (): [string, Record<string, string>][] => [
    ["dismiss", { intent: "dismiss", target: `post:${postId}` }],
    ["remove", { intent: "remove", target: `post:${postId}` }],
    ["suspend for 7 days", { intent: "suspend", target: `post:${postId}`, duration: "7d", reason: "spam" }],
    ["suspend permanently", { intent: "suspend", target: `post:${postId}`, duration: "permanent", reason: "scam" }],
    ["unsuspend", { intent: "unsuspend", target: `post:${postId}` }],
    ["make-moderator (themselves)", { intent: "make-moderator", target: `post:${postId}`, user: ids.attacker }],
    ["remove-moderator", { intent: "remove-moderator", target: `post:${postId}`, user: ids.author }],
    ["an unknown intent", { intent: "delete-everything", target: `post:${postId}` }],
    ["a malformed target", { intent: "remove", target: "post:../../x" }],
  ];

  it("every action POSTed by a student: 404, and nothing happened", async () => {
    for (const [what, fields] of forms()) {
      const res = await postForm("/moderation", fields, as(attacker));
      expect(res.status, what).toBe(404);
      expect(alertOf(res), what).toBeNull();
    }
    await expectNothingHappened();
    // Not made a moderator: the queue is still a 404 for them.
    expect((await rawRequest("/moderation", { headers: as(attacker) })).status).toBe(404);
  });

  it("every action POSTed by a visitor: 404, and nothing happened", async () => {
    for (const [what, fields] of forms()) expect((await postForm("/moderation", fields)).status, what).toBe(404);
    await expectNothingHappened();
  });

  it("the owner's browser, driven by another site (Origin: evil.example), removes the post or suspends its author: 403, nothing happened", async () => {
    const forged: Record<string, string>[] = [
      { intent: "remove", target: `post:${postId}` },
      { intent: "suspend", target: `post:${postId}`, duration: "permanent", reason: "scam" },
    ];
    for (const fields of forged) {
      const res = await postForm("/moderation", fields, { ...as(await owner()), Origin: EVIL_ORIGIN });
      expect(res.status).toBe(403);
    }
    await expectNothingHappened();
    // The author can still post: not suspended.
    expect((await postForm(`/post/${postId}`, { intent: "comment", text: "Still here" }, as(author))).status).toBe(302);
  });
});

// ---------------------------------------------------------------------------
// Wanted posts (docs/product.md §7): the composer's hostile fields, someone else's Wanted post.

describe("Wanted posts against hostile requests", () => {
  let student: SecurityUser;
  let stranger: SecurityUser;
  let wantedId = "";
  beforeAll(async () => {
    student = await signUpStudent();
    stranger = await signUpStudent();
    wantedId = await createPostAs(student, "Wanted: a graphing calculator for MATH 1914", { kind: "wanted", courses: "math1914", budget: "40" });
  });

  it("malformed and overlong fields: 400 with the messages and the draft kept, never a 500, nothing posted", async () => {
    const draft = "Looking for a lab coat, size M";
    const hostile: Record<string, string>[] = [
      { isbn: "0-306-40615-3" }, // wrong check digit
      { courses: "'; drop table posts; --" },
      { courses: "MATH 2924, ".repeat(200) },
      { budget: "-5" },
      { budget: "1e9" },
      { isbn: "9".repeat(5_000) },
    ];
    for (const fields of hostile) {
      // To the address the Wanted composer posts to (it names the kind, so the page comes back as the Wanted composer).
      const res = await postMultipart("/create/post?kind=wanted&goBack=%2Fhome", { intent: "send", kind: "wanted", text: draft, ...fields }, as(student));
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(shownErrors(res.body).length).toBeGreaterThan(0);
      expect(textareaValue(res.body, "text")).toBe(draft);
    }
    const feed = await rawRequest("/home?type=wanted", { headers: as(student) });
    expect(feed.body).not.toContain(draft);
  });

  it("a student without a school email, and a visitor, cannot post one", async () => {
    const unverified = await signUp();
    const res = await postForm("/create/post?goBack=%2Fhome", { intent: "send", kind: "wanted", text: "Unverified wanted post", category: "all" }, as(unverified));
    expect(res.status).not.toBe(302);
    expectSignInFirst(await postForm("/create/post?goBack=%2Fhome", { intent: "send", kind: "wanted", text: "Visitor wanted post" }), "/create/post?goBack=%2Fhome");
    const feed = await rawRequest("/home?type=wanted", { headers: as(student) });
    expect(feed.body).not.toContain("Unverified wanted post");
    expect(feed.body).not.toContain("Visitor wanted post");
  });

  it("another student edits it or marks it found: refused, and it is unchanged", async () => {
    const edit = await postForm(`/post/${wantedId}/edit`, { intent: "send", kind: "wanted", text: "Found one already, thanks", courses: "HIST 1483" }, as(stranger));
    expect(edit.status).toBe(403);
    const found = await postForm(`/post/${wantedId}`, { intent: "status", status: "sold" }, as(stranger));
    expect(found.status).toBeGreaterThanOrEqual(400);
    const page = await rawRequest(`/post/${wantedId}`, { headers: as(student) });
    expect(withoutScripts(page.body)).toContain("graphing calculator");
    expect(withoutScripts(page.body)).toContain("MATH 1914");
    expect(withoutScripts(page.body)).not.toContain("Found one already");
    expect(withoutScripts(page.body)).not.toMatch(/>Found</);
  });
});
