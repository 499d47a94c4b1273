// Row 7 of the hardening issue: ten clicks on Save sent the author five emails.
import { describe, expect, it } from "vitest";
import { postForm, rawRequest } from "./client";
import { createPostAs, signUpStudent } from "./users";

const TOO_MANY_SAVES = "You're saving too fast. Please wait a minute and try again.";

const count = (html: string, text: string) => html.split(text).length - 1;
/** Emails in a dev mailbox page whose subject has `text`. */
const mailsWith = (html: string, text: string) => [...html.matchAll(/class="mail__subject">([^<]*)</g)].filter((m) => m[1]!.includes(text)).length;

describe("row 7: Save is not a spam cannon", () => {
  it("ten Save toggles (with and without JS) give the author one notification and one email; the 61st save in a minute is refused", async () => {
    const seller = await signUpStudent({ name: "Sally Seller" });
    const buyer = await signUpStudent({ name: "Bob Buyer" });
    const postId = await createPostAs(seller, `Mini fridge ${Date.now()}`);

    for (let i = 0; i < 10; i++) {
      const fields: Record<string, string> = { intent: "like", returnTo: `/post/${postId}` };
      if (i % 2) fields.async = "1";
      const res = await postForm(`/post/${postId}`, fields, { Cookie: buyer.cookie });
      expect(res.status).toBe(i % 2 ? 200 : 302);
    }

    const mail = await rawRequest(`/dev/mail?${new URLSearchParams({ to: seller.email })}`);
    expect(mailsWith(mail.body, "saved your post")).toBe(1);
    const page = await rawRequest("/notifications", { headers: { Cookie: seller.cookie } });
    expect(page.status).toBe(200);
    expect(count(page.body, 'data-testid="notification"')).toBe(1);

    // 60 a minute per user: more than anyone clicks, and then a clear refusal.
    let refused: { status: number; body: string } | null = null;
    for (let i = 0; i < 60 && !refused; i++) {
      const res = await postForm(`/post/${postId}`, { intent: "like", async: "1" }, { Cookie: buyer.cookie });
      if (res.status !== 200) refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body).toContain(TOO_MANY_SAVES);
    const plain = await postForm(`/post/${postId}`, { intent: "like" }, { Cookie: buyer.cookie });
    expect(plain.status).toBe(429);
    expect(plain.body).toContain(TOO_MANY_SAVES);
    // Still one email.
    expect(mailsWith((await rawRequest(`/dev/mail?${new URLSearchParams({ to: seller.email })}`)).body, "saved your post")).toBe(1);
  }, 90_000);

  it("ten comments by one buyer email the seller once", async () => {
    const seller = await signUpStudent({ name: "Cara Seller" });
    const buyer = await signUpStudent({ name: "Dan Buyer" });
    const postId = await createPostAs(seller, `Desk chair ${Date.now()}`);
    for (let i = 0; i < 10; i++) {
      const res = await postForm(`/post/${postId}`, { intent: "comment", text: `Is it still there? (${i})` }, { Cookie: buyer.cookie });
      expect(res.status).toBe(302);
    }
    const mail = await rawRequest(`/dev/mail?${new URLSearchParams({ to: seller.email })}`);
    expect(mailsWith(mail.body, "commented on your post")).toBe(1);
  }, 90_000);
});
