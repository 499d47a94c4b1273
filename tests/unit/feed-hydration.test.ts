// The feed's start-up work on a phone (docs/product.md §22): each card and tile
// is a Suspense boundary of its own, so the cards past the first screen can
// hydrate one per task (components/hydrate-in-turn.tsx), and the server renders
// every one of them whole (a boundary that suspended on the server would send
// its card to be drawn by the browser: no card without JS). Cards are
// memoized, so a router update that leaves a post as it was skips it.
import { useLoaderData } from "@remix-run/react";
import { createElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { PostCard } from "~/components/post-card";
import { PostFeed } from "~/components/post-feed";
import { seed } from "~/flows/seed.server";
import { createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import { loader as homeLoader } from "~/routes/home/route.server";
import { renderPage } from "./render-page";

const origin = "http://localhost:3000";
const ctx = { context: { cspNonce: "", clientIp: "127.0.0.1" } };
/** /home's feed as its loader gives it, drawn by PostFeed (the page around it needs the root's campus). */
function Feed() {
  const { feed, view } = useLoaderData<typeof homeLoader>();
  return createElement(PostFeed, { page: feed, view });
}
const home = { path: "home", loader: (args: { request: Request }) => homeLoader({ ...args, params: {}, ...ctx }), Component: Feed };

beforeAll(async () => {
  await seed({ demo: false });
  const seller = await insertUser({ campusId: "ou", firstName: "Turn", lastName: "T.", username: "hydration-turns", email: "hydration-turns@ou.edu", verified: true, schoolVerified: true });
  for (let i = 0; i < 6; i++) {
    const listing = i % 3 === 2 ? undefined : { priceCents: 1000 + i, isFree: false, priceTerms: null, condition: null, pickupSpot: null };
    await createPost({ authorId: seller.id, campusId: "ou", blocks: [{ text: `Turn ${i}` }], media: [], origin, listing });
  }
});

/** The markers react-dom/server writes at a boundary's start: `$` rendered, `$?` still pending, `$!` left to the browser. */
const boundaryBefore = (html: string, element: RegExp) => [...html.matchAll(new RegExp(`(<!--\\$[?!]?-->)?${element.source}`, "g"))].map((m) => m[1] ?? "none");

describe("the feed's cards hydrate one by one", () => {
  it("renders each List card whole on the server, each in a boundary of its own", async () => {
    const html = await renderPage(`${origin}/home?view=list`, home);
    const cards = boundaryBefore(html, /<article class="card post-card"/);
    expect(cards.length).toBeGreaterThanOrEqual(6);
    expect(new Set(cards)).toEqual(new Set(["<!--$-->"]));
    expect(html).not.toMatch(/<!--\$[?!]-->/);
  });

  it("does the same for the Grid's tiles and wide cards", async () => {
    const html = await renderPage(`${origin}/home?view=grid`, home);
    const items = boundaryBefore(html, /<li class="(?:tile|listing-grid__wide)"/);
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(new Set(items)).toEqual(new Set(["<!--$-->"]));
    expect(html).not.toMatch(/<!--\$[?!]-->/);
  });

  it("memoizes the card", () => {
    expect((PostCard as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for("react.memo"));
  });
});
