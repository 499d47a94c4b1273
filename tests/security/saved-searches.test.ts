// Saved searches are their owner's: a stranger's Notify me or Delete on another
// person's search answers 404 and changes nothing; a visitor is sent to sign in.
import { describe, expect, it } from "vitest";
import { alertOf, decodeEntities, postForm, rawRequest } from "./client";
import { signUpStudent } from "./users";

/** The ids and descriptions of a user's saved searches, from the page. */
async function savedSearches(cookie: string): Promise<{ ids: string[]; html: string }> {
  const page = await rawRequest("/settings/saved-searches", { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const html = decodeEntities(page.body);
  return { ids: [...new Set([...html.matchAll(/name="id" value="([\w-]+)"/g)].map((m) => m[1]!))], html };
}

describe("saved searches belong to their owner", () => {
  it("a stranger can't change or delete another's search (404, nothing changed); the owner can", async () => {
    const owner = await signUpStudent({ name: "Olive Owner" });
    const stranger = await signUpStudent({ name: "Sam Stranger" });
    const word = `lamp${Date.now()}`;
    const saved = await postForm("/settings/saved-searches", { intent: "save", q: word, max: "20", back: "/search" }, { Cookie: owner.cookie });
    expect(saved.status).toBe(302);
    expect(alertOf(saved)).toBe("Search saved.");
    const again = await postForm("/settings/saved-searches", { intent: "save", q: word, max: "20", back: "/search" }, { Cookie: owner.cookie });
    expect(alertOf(again)).toBe("You already saved this search.");
    const { ids, html } = await savedSearches(owner.cookie);
    expect(ids).toHaveLength(1);
    expect(html).toContain(`${word} · under $20`);
    const id = ids[0]!;

    const changed = await postForm("/settings/saved-searches", { intent: "notify", id, notify: "off" }, { Cookie: stranger.cookie });
    expect(changed.status).toBe(404);
    const deleted = await postForm("/settings/saved-searches", { intent: "delete", id }, { Cookie: stranger.cookie });
    expect(deleted.status).toBe(404);
    // A visitor is sent to sign in before anything is read.
    const visitor = await postForm("/settings/saved-searches", { intent: "delete", id });
    expect(visitor.status).toBe(302);
    expect(String(visitor.headers.location)).toContain("/login");
    // Still there, still Right away; the stranger sees none of it.
    const after = await savedSearches(owner.cookie);
    expect(after.ids).toEqual([id]);
    expect(after.html).toMatch(/<option value="instant" selected/);
    expect((await savedSearches(stranger.cookie)).ids).toEqual([]);

    const own = await postForm("/settings/saved-searches", { intent: "delete", id }, { Cookie: owner.cookie });
    expect(alertOf(own)).toBe("Search deleted.");
    expect((await savedSearches(owner.cookie)).ids).toEqual([]);
  }, 90_000);
});
