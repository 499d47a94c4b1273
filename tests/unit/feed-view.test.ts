// The feed's Grid / List view and the Filters summary's count (pure), which view
// /home, /search and a profile open on (their loaders, against the database),
// and the listing page's one-tap "Is this still available?" (the Message seller action).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seed } from "~/flows/seed.server";
import { createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { loader as homeLoader } from "~/routes/home/route.server";
import { action as startConversation } from "~/routes/messages._index/route.server";
import { loader as profileLoader } from "~/routes/$username/route.server";
import { loader as searchLoader } from "~/routes/search/route.server";
import { getDb, schema } from "~/services/db.server";
import { createSessionCookie } from "~/services/session.server";
import { activeFilterCount, DEFAULT_FILTERS, feedView, readFeedFilters, readFeedView } from "~/utils/feed-filters";

const BASE = "http://localhost:3000";
const ctx = { context: { cspNonce: "", clientIp: "127.0.0.1" } };
const params = (query: string) => new URLSearchParams(query);
const filtersOf = (query: string) => readFeedFilters(params(query)).filters;

describe("the view and the active filters (pure)", () => {
  it("reads ?view=grid|list and nothing else", () => {
    expect(readFeedView(params("view=grid"))).toBe("grid");
    expect(readFeedView(params("view=list"))).toBe("list");
    for (const q of ["", "view=", "view=tiles", "view=GRID", "views=grid"]) expect(readFeedView(params(q))).toBeNull();
  });

  it("counts each filter that differs from the default, never the sort, never a refused price", () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount(filtersOf("sort=price-asc&category=all&sold=hide"))).toBe(0);
    expect(activeFilterCount(filtersOf("category=furniture"))).toBe(1);
    expect(activeFilterCount(filtersOf("min=5&max=40"))).toBe(2);
    expect(activeFilterCount(filtersOf("min=abc"))).toBe(0);
    expect(activeFilterCount(filtersOf("min=50&max=10"))).toBe(1); // max below min is ignored
    expect(activeFilterCount(filtersOf("free=on&condition=good&sold=show&category=tickets&min=1&max=2"))).toBe(6);
    expect(activeFilterCount(filtersOf("condition=shiny"))).toBe(0);
  });

  it("opens Grid on search and a filtered /home, List on the plain /home and profiles, unless the address says", () => {
    const view = (query: string, page: "home" | "search" | "profile") => feedView(params(query), filtersOf(query), page);
    expect(view("", "home")).toBe("list");
    expect(view("sort=price-asc", "home")).toBe("list");
    expect(view("category=furniture", "home")).toBe("grid");
    expect(view("category=furniture&view=list", "home")).toBe("list");
    expect(view("view=grid", "home")).toBe("grid");
    expect(view("q=desk", "search")).toBe("grid");
    expect(view("q=desk&view=list", "search")).toBe("list");
    expect(view("free=on", "profile")).toBe("list");
    expect(view("view=grid", "profile")).toBe("grid");
  });
});

let n = 0;
async function student() {
  n++;
  const user = await insertUser({ campusId: "ou", firstName: `Grid${n}`, lastName: "T.", username: `gridview-${n}`, email: `gridview${n}@ou.edu`, verified: true, schoolVerified: true });
  const cookie = (await createSessionCookie(new Request("http://localhost/"), user.id)).split(";")[0]!;
  return { user, cookie };
}
const get = (path: string, cookie = "") => new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

beforeAll(() => seed({ demo: false }));

describe("the loaders' view", () => {
  it("/home, /search and a profile hand their view to the page", async () => {
    const { user, cookie } = await student();
    const home = async (q: string) => ((await homeLoader({ request: get(`/home${q}`), params: {}, ...ctx })) as { view: string }).view;
    expect(await home("")).toBe("list");
    expect(await home("?free=on")).toBe("grid");
    expect(await home("?free=on&view=list")).toBe("list");
    const search = (await searchLoader({ request: get("/search?q=lamp", cookie), params: {}, ...ctx })) as { view: string };
    expect(search.view).toBe("grid");
    // Grid pages hold 8 posts, List pages 10; the next Grid page follows on.
    for (let i = 0; i < 12; i++) {
      await createPost({ authorId: user.id, campusId: "ou", blocks: [{ text: `Tile ${i}` }], media: [], origin: BASE, listing: { priceCents: 777_700 + i, isFree: false, priceTerms: null, condition: null, pickupSpot: null } });
    }
    const page = async (q: string) => ((await homeLoader({ request: get(`/home?min=7777&max=7778${q}`), params: {}, ...ctx })) as { feed: { posts: unknown[]; nextCursor: string | null } }).feed;
    const grid = await page("");
    expect(grid.posts).toHaveLength(8);
    expect((await page(`&cursor=${encodeURIComponent(grid.nextCursor!)}`)).posts).toHaveLength(4);
    expect((await page("&view=list")).posts).toHaveLength(10);
    const profile = (await profileLoader({ request: get(`/${user.username}?view=grid`), params: { username: user.username }, ...ctx })) as { view: string };
    expect(profile.view).toBe("grid");
  });
});

describe("Is this still available?", () => {
  it("opens the conversation with that first message; Message seller alone sends none; a blank text sends none", async () => {
    const seller = await student();
    const buyer = await student();
    const other = await student();
    const { id: postId } = await createPost({ authorId: seller.user.id, campusId: "ou", blocks: [{ text: "Desk lamp" }], media: [], origin: BASE, listing: { priceCents: 1200, isFree: false, priceTerms: null, condition: null, pickupSpot: null } });
    const post = (cookie: string, fields: Record<string, string>) =>
      startConversation({ request: new Request(`${BASE}/messages?index&post=${postId}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) }), params: {}, ...ctx }) as Promise<Response>;
    const messagesIn = async (location: string | null) => {
      const chatId = location!.split("/").pop()!;
      return (await getDb().select({ text: schema.messages.text, senderId: schema.messages.senderId }).from(schema.messages).where(eq(schema.messages.chatId, chatId))).map((m) => [m.text, m.senderId]);
    };

    const quick = await post(buyer.cookie, { text: "Is this still available?" });
    expect(quick.status).toBe(302);
    expect(quick.headers.get("Location")).toMatch(/^\/messages\/[\w-]+$/);
    expect(await messagesIn(quick.headers.get("Location"))).toEqual([["Is this still available?", buyer.user.id]]);
    // The seller hears of it like any first message.
    const notes = await getDb().select().from(schema.notifications).where(eq(schema.notifications.userId, seller.user.id));
    expect(notes.length).toBeGreaterThan(0);

    const plain = await post(other.cookie, {});
    expect(plain.status).toBe(302);
    expect(await messagesIn(plain.headers.get("Location"))).toEqual([]);
    const blank = await post(other.cookie, { text: "   " });
    expect(blank.headers.get("Location")).toBe(plain.headers.get("Location"));
    expect(await messagesIn(blank.headers.get("Location"))).toEqual([]);
  });
});
