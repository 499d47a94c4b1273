// The server renders a card's and a comment's body once per distinct input and
// reuses that HTML for every reader with the same (docs/product.md §22). Tried
// as another reader would: after the author's own feed put their card (with its
// Delete) in the store, nobody else may get it, whatever the address says; and a
// hostile filter value is never written out raw, the first time or from the store.
import { describe, expect, it } from "vitest";
import { rawRequest } from "./client";
import { createPostAs, signUpStudent } from "./users";

/** A Delete link, which only a post's author is shown (the readers below have no posts of their own). */
const DELETE = 'class="action action--danger"';

describe("remembered cards", () => {
  it("the author's Delete reaches no other reader, after the author's feed was rendered, on any address", async () => {
    const seller = await signUpStudent({ name: "Remy Seller" });
    const postId = await createPostAs(seller, "Remembered desk lamp, pick up by the union", { price: "15.00" });
    const other = await signUpStudent({ name: "Ona Other" });
    for (const path of ["/home", `/home?share=${postId}`, `/home?report=post&target=${postId}`, `/post/${postId}`]) {
      // The author first, so their card is in the store.
      const mine = await rawRequest(path, { headers: { Cookie: seller.cookie } });
      expect(mine.status, path).toBe(200);
      expect(mine.body, path).toContain(DELETE);
      for (const headers of [{ Cookie: other.cookie }, {}] as Record<string, string>[]) {
        let theirs = await rawRequest(path, { headers });
        // A visitor's /home may be the shared one of up to a second ago (PAGE_CACHE_TTL_MS), made by another test before this post.
        if (!headers.Cookie && !theirs.body.includes(postId)) {
          await new Promise((resolve) => setTimeout(resolve, 1100));
          theirs = await rawRequest(path, { headers });
        }
        expect(theirs.status, path).toBe(200);
        expect(theirs.body, path).toContain(postId);
        expect(theirs.body, path).not.toContain(DELETE);
      }
    }
    // Another student is offered Report (and Save); a visitor the sign-up prompt instead of Save.
    const theirs = await rawRequest("/home", { headers: { Cookie: other.cookie } });
    expect(theirs.body).toContain(`report=post&amp;target=${postId}`);
    const visitor = await rawRequest(`/post/${postId}`);
    expect(visitor.body).not.toContain('name="intent" value="like"');
  });

  it("the author never gets the Report dialog of their own post from the address", async () => {
    const seller = await signUpStudent({ name: "Remy Reporter" });
    const postId = await createPostAs(seller, "Remembered bike lock, barely used");
    const other = await signUpStudent({ name: "Ona Reporter" });
    const address = `/post/${postId}?report=post&target=${postId}`;
    const dialog = `action="/post/${postId}?report=post`;
    // Another student first: their page draws the dialog in place.
    expect((await rawRequest(address, { headers: { Cookie: other.cookie } })).body).toContain(dialog);
    const page = await rawRequest(address, { headers: { Cookie: seller.cookie } });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(dialog);
  });

  it("a hostile filter value is escaped, rendered fresh and from the store, and never stalls the page", async () => {
    const reader = await signUpStudent({ name: "Hal Hostile" });
    const hostile = encodeURIComponent('"><script>alert(1)</script>');
    for (let i = 0; i < 2; i++) {
      const page = await rawRequest(`/home?course=${hostile}&min=${hostile}`, { headers: { Cookie: reader.cookie } });
      expect(page.status).toBeLessThan(500);
      expect(page.body).not.toContain("<script>alert(1)");
    }
    // Many distinct addresses, each a new piece for the store: every one answered.
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => rawRequest(`/home?course=C${i}x${"y".repeat(10)}`, { headers: { Cookie: reader.cookie } })));
    for (const a of answers) expect(a.status).toBe(200);
  });
});
