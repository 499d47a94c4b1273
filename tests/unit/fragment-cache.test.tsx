// A feed's cards and a thread's comments are rendered once per distinct input
// on the server and their HTML reused (RememberedBody, docs/product.md §22):
// the page must come out exactly as a fresh render makes it, for every reader,
// and no reader may get HTML drawn for another's standing (the author's Delete,
// a visitor's sign-up prompts).
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { CommentThread } from "~/components/comment-thread";
import { FragmentRendererProvider } from "~/components/post-parts";
import { serverComponentsLoaded } from "~/components/on-demand";
import { PostActionsScope } from "~/components/post-actions";
import { PostCard } from "~/components/post-card";
import { createFragmentRenderer } from "~/services/fragment-cache.server";
import type { FragmentRenderer } from "~/types/fragment";
import type { CommentNode } from "~/types/views";
import type { SessionUser } from "~/utils/user";
import { cardAuthor, cardView } from "./card-view";

const author = cardAuthor;
const post = cardView;

function comment(id: string, replies: CommentNode[] = []): CommentNode {
  const { text, author, time, likeCount, commentCount, media, saved, hidden } = post(id);
  return { id, text, parentId: "p1", author, time, likeCount, commentCount, media, saved, hidden, replies, replyingTo: null, moreReplies: false };
}

function user(id: string, extra: Partial<SessionUser> = {}): SessionUser {
  return { id, username: id, firstName: "Sam", displayName: "Sam K.", avatarUrl: null, verified: true, schoolVerified: true, profileSetUp: true, isOwner: false, isModerator: false, suspension: null, ...extra };
}

const posts = [post("p1"), post("p2", { saved: true, likeCount: 4 }), post("p3", { price: null, status: "sold" })];
const thread = [comment("c1", [comment("c2")]), comment("c3")];

/** The page as the server renders it for `viewer` at `url`, with the given renderer (none: everything rendered in place). */
async function renderPage(viewer: SessionUser | null, renderer: FragmentRenderer | null, url = "https://ou.example/home"): Promise<string> {
  const Page = () =>
    createElement(
      FragmentRendererProvider,
      { value: renderer },
      createElement(PostActionsScope, null, ...posts.map((p) => createElement(PostCard, { key: p.id, post: p })), createElement(CommentThread, { comments: thread })),
    );
  const handler = createStaticHandler([{ id: "root", path: "/", loader: () => ({ user: viewer, origin: "https://ou.example" }), children: [{ id: "page", path: "home", Component: Page }] }]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

/** A renderer that counts the pieces it had to render. */
function countingRenderer(maxChars?: number) {
  const counted = { renders: 0 };
  const renderer = createFragmentRenderer(maxChars, (element: ReactElement) => {
    counted.renders++;
    return renderToString(element);
  });
  return { renderer, counted };
}

describe("remembered cards and comments", () => {
  beforeAll(() => serverComponentsLoaded);

  it("make the same page as a render without them, for a student, the author and a visitor", async () => {
    const { renderer } = countingRenderer();
    for (const viewer of [user("u-sam"), user(author.id), null]) {
      const fresh = await renderPage(viewer, null);
      expect(await renderPage(viewer, renderer)).toBe(fresh);
      // And again, from the remembered HTML.
      expect(await renderPage(viewer, renderer)).toBe(fresh);
    }
  });

  it("render each piece once, and share it between readers of the same standing", async () => {
    const { renderer, counted } = countingRenderer();
    await renderPage(user("u-sam"), renderer);
    // Three cards and the thread (its three comments at once).
    expect(counted.renders).toBe(4);
    await renderPage(user("u-sam"), renderer);
    await renderPage(user("u-alex"), renderer);
    expect(counted.renders).toBe(4);
    // Another address is another piece: its links (Share, Report, the way back) say where they return.
    await renderPage(user("u-sam"), renderer, "https://ou.example/home?sort=price-asc");
    expect(counted.renders).toBe(8);
    // The author of the comments has a thread of their own (their Delete), and so their cards.
    await renderPage(user(author.id), renderer);
    expect(counted.renders).toBe(12);
  });

  it("never give one reader the HTML drawn for another's standing", async () => {
    const { renderer } = countingRenderer();
    const mine = await renderPage(user(author.id), renderer);
    const theirs = await renderPage(user("u-sam"), renderer);
    const visitor = await renderPage(null, renderer);
    const unverified = await renderPage(user("u-new", { schoolVerified: false }), renderer);
    const suspended = await renderPage(user("u-out", { suspension: "Your account is suspended until Dec 1st: spam" }), renderer);
    expect(mine).toContain("?confirm=delete-post&amp;target=p1");
    expect(mine).toContain("?confirm=delete-comment&amp;target=c1");
    for (const html of [theirs, visitor, unverified, suspended]) expect(html).not.toContain("confirm=delete");
    expect(theirs).toContain('name="intent" value="like"');
    expect(visitor).not.toContain('name="intent" value="like"');
    expect(visitor).toContain("signup=");
    expect(unverified).not.toContain('name="intent" value="like"');
    expect(suspended).not.toContain('name="intent" value="like"');
    for (const [viewer, html] of [
      [user(author.id), mine],
      [user("u-sam"), theirs],
      [null, visitor],
    ] as const) {
      expect(html).toBe(await renderPage(viewer, null));
    }
  });

  // A card's menu open: the other two cards and the thread are remembered, the open card is not.
  // A comment's: the three cards and the two comments whose menus are closed, the thread drawn in place.
  for (const [what, id, renders] of [
    ["a card", "p2", 3],
    ["a thread with a comment", "c2", 5],
  ] as const) {
    it(`draw ${what} whose Share menu is open in place, with its menu`, async () => {
      const { renderer, counted } = countingRenderer();
      const url = `https://ou.example/home?share=${id}`;
      const html = await renderPage(user("u-sam"), renderer, url);
      expect(html).toBe(await renderPage(user("u-sam"), null, url));
      expect(html).toContain(`https://ou.example/post/${id}?redirect=true`);
      expect(counted.renders).toBe(renders);
    });
  }

  it("keep to their size, dropping the least recently used", async () => {
    const { renderer, counted } = countingRenderer(4_000);
    const fresh = await renderPage(user("u-sam"), null);
    expect(await renderPage(user("u-sam"), renderer)).toBe(fresh);
    expect(await renderPage(user("u-sam"), renderer)).toBe(fresh);
    // Too small for the four pieces: some were dropped and drawn again.
    expect(counted.renders).toBeGreaterThan(4);
  });
});
