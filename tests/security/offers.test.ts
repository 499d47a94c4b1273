// Offers against hostile requests (raw HTTP, as an attack tool sends them): a
// stranger's offer, accept, decline and counter POSTs on someone else's
// conversation, a seller accepting their own counteroffer, a buyer accepting
// their own offer, offers on Firm, Free and sold listings, and amounts no form
// of ours sends. Each test reads the conversation again as its members to see
// that nothing was stored.
import { beforeAll, describe, expect, it } from "vitest";
import { alertOf, decodeEntities, postForm, rawRequest } from "./client";
import { createPostAs, signUpStudent, type SecurityUser } from "./users";

const as = (user: SecurityUser) => ({ Cookie: user.cookie });

const withoutScripts = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");



/** What a member sees of the conversation: its messages, the offer's state line and the offer id the forms carry. */
async function seenBy(member: SecurityUser, chat: string) {
  const res = await rawRequest(chat, { headers: as(member) });
  expect(res.status).toBe(200);
  const html = withoutScripts(res.body);
  const state = /data-testid="offer-state"[^>]*><p>([\s\S]*?)<\/p>/.exec(html)?.[1];
  return {
    messages: [...html.matchAll(/<p class="message__text"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => decodeEntities(m[1]!)),
    offer: state ? decodeEntities(state.replace(/<!-- -->/g, "")) : null,
    offerId: /name="offerId" value="([\w-]+)"/.exec(html)?.[1] ?? null,
    firm: html.includes("The price is firm."),
  };
}

/** The errors a refused form shows (under the field and for the whole form). */
function shownErrors(html: string): string[] {
  const lists = [...withoutScripts(html).matchAll(/class="(?:field__errors|form-errors)"[^>]*>([\s\S]*?)<\/(?:ul|div)>/g)];
  return lists.flatMap((m) => [...m[1]!.matchAll(/<(?:li|p)>([\s\S]*?)<\/(?:li|p)>/g)].map((e) => decodeEntities(e[1]!)));
}

async function openConversation(buyer: SecurityUser, postId: string): Promise<string> {
  const res = await postForm(`/messages?post=${postId}`, {}, as(buyer));
  expect(res.status).toBe(302);
  const chat = res.headers.location!;
  expect((await postForm(chat, { intent: "send", text: "Still for sale?" }, as(buyer))).status).toBe(302);
  return chat;
}

let seller: SecurityUser;
let buyer: SecurityUser;
let stranger: SecurityUser;
let chat: string;

beforeAll(async () => {
  [seller, buyer, stranger] = await Promise.all([signUpStudent({ name: "Cara Seller" }), signUpStudent({ name: "Bob Buyer" }), signUpStudent({ name: "Eve Stranger" })]);
  const bike = await createPostAs(seller, `Road bike ${Date.now()}`, { price: "60", priceTerms: "obo", condition: "good" });
  chat = await openConversation(buyer, bike);
});

describe("offers", () => {
  it("a stranger's offer, accept, decline and counter: 404, nothing stored", async () => {
    for (const [which, fields] of [
      ["make", { amount: "45" }],
      ["accept", { offerId: "x" }],
      ["decline", { offerId: "x" }],
      ["counter", { offerId: "x", amount: "40" }],
    ] as const) {
      const res = await postForm(`${chat}?offer=${which}`, fields, as(stranger));
      expect(res.status, which).toBe(404);
    }
    expect(await seenBy(buyer, chat)).toMatchObject({ messages: ["Still for sale?"], offer: null });
  });

  it("amounts no form sends: refused with the reason, nothing stored", async () => {
    for (const amount of ["-1", "1e9", "NaN", "0.5", "61", ""]) {
      const res = await postForm(`${chat}?offer=make`, { amount }, as(buyer));
      expect(res.status, amount).toBe(400);
      expect(shownErrors(res.body).length, amount).toBeGreaterThan(0);
    }
    const res = await postForm(`${chat}?offer=make`, { amount: "61" }, as(buyer));
    expect(shownErrors(res.body)).toContain("Offer must be between $1 and the asking price.");
    expect(await seenBy(seller, chat)).toMatchObject({ messages: ["Still for sale?"], offer: null });
  });

  it("the seller makes no offer; the buyer accepts no offer of their own; the seller accepts no counteroffer of their own; a stranger accepts none", async () => {
    expect((await postForm(`${chat}?offer=make`, { amount: "45" }, as(seller))).status).toBe(403);
    const sent = await postForm(`${chat}?offer=make`, { amount: "$45" }, as(buyer));
    expect(sent.status).toBe(302);
    expect(alertOf(sent)).toBe("Offer sent.");
    const seen = await seenBy(seller, chat);
    expect(seen).toMatchObject({ offer: "Offer: $45" });
    const offerId = seen.offerId!;
    expect((await postForm(`${chat}?offer=accept`, { offerId }, as(buyer))).status).toBe(403);
    expect((await postForm(`${chat}?offer=accept`, { offerId }, as(stranger))).status).toBe(404);
    const countered = await postForm(`${chat}?offer=counter`, { offerId, amount: "52" }, as(seller));
    expect(countered.status).toBe(302);
    expect((await postForm(`${chat}?offer=accept`, { offerId }, as(seller))).status).toBe(403);
    expect((await seenBy(buyer, chat)).offer).toBe("Offer: $45 · Counteroffer: $52");
    expect((await seenBy(buyer, chat)).messages).toEqual(["Still for sale?", "Offer: $45", "Counteroffer: $52"]);
  });

  it("offers on a Firm, a Free or a sold listing: refused with the reason, nothing stored", async () => {
    const firm = await openConversation(buyer, await createPostAs(seller, `Desk firm ${Date.now()}`, { price: "30", priceTerms: "firm" }));
    const free = await openConversation(buyer, await createPostAs(seller, `Free couch ${Date.now()}`, { free: "on" }));
    const soldPost = await createPostAs(seller, `Sold lamp ${Date.now()}`, { price: "20", priceTerms: "obo" });
    const sold = await openConversation(buyer, soldPost);
    expect((await postForm(`/post/${soldPost}`, { intent: "status", status: "sold", buyer: "someone-else" }, as(seller))).status).toBe(302);
    const cases = [
      [firm, 400, "The price is firm."],
      [free, 400, "A free listing takes no offers."],
      [sold, 409, "This listing is sold."],
    ] as const;
    for (const [path, status, reason] of cases) {
      const res = await postForm(`${path}?offer=make`, { amount: "10" }, as(buyer));
      expect(res.status, reason).toBe(status);
      expect(shownErrors(res.body)).toContain(reason);
      expect((await seenBy(seller, path)).messages).toEqual(["Still for sale?"]);
    }
    expect((await seenBy(buyer, firm)).firm).toBe(true);
  });

  it("between people who blocked each other: refused with the reason, nothing stored", async () => {
    const other = await signUpStudent({ name: "Nia Buyer" });
    const lamp = await createPostAs(seller, `Lamp ${Date.now()}`, { price: "25", priceTerms: "obo" });
    const path = await openConversation(other, lamp);
    const made = await postForm(`${path}?offer=make`, { amount: "20" }, as(other));
    expect(made.status).toBe(302);
    const offerId = (await seenBy(seller, path)).offerId!;
    expect((await postForm(path, { intent: "block" }, as(seller))).status).toBe(302);
    const again = await postForm(`${path}?offer=make`, { amount: "22" }, as(other));
    expect(again.status).toBe(403);
    expect(shownErrors(again.body)).toContain("You can't interact with this person.");
    const accepted = await postForm(`${path}?offer=accept`, { offerId }, as(seller));
    expect(accepted.status).toBe(403);
    expect(await seenBy(seller, path)).toMatchObject({ messages: ["Still for sale?", "Offer: $20"], offer: "Offer: $20" });
  });
});
