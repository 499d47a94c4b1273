// The plain links of feed cards and post actions: the markup they render
// without JS, and the client-side navigation a click on one makes with JS (the
// same decisions as Remix's <Link>).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { serverComponentsLoaded } from "~/components/on-demand";
import { PostActionsScope } from "~/components/post-actions";
import { PostCard } from "~/components/post-card";
import { SpaLink, spaNavigation } from "~/components/spa-link";
import { cardView } from "./card-view";

const here = { origin: "https://ou.example", pathname: "/home", search: "?sort=new", hash: "" };
const link = (href: string, extra: Partial<{ target: string; download: boolean; keepScroll: boolean }> = {}) => {
  const url = new URL(href);
  return { origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash, target: "", download: false, keepScroll: false, ...extra };
};

describe("SpaLink", () => {
  it("is a plain link with the marks the click handler and route discovery look for", () => {
    expect(renderToStaticMarkup(createElement(SpaLink, { to: "/post/abc", className: "action" }))).toBe(
      '<a class="action" href="/post/abc" data-spa="" data-discover="true"></a>',
    );
    expect(renderToStaticMarkup(createElement(SpaLink, { to: "/home?share=abc", preventScrollReset: true }))).toContain('data-keep-scroll=""');
  });

  it("navigates on the client like <Link>: push, or replace for the page already shown, scroll kept only when asked", () => {
    expect(spaNavigation(link("https://ou.example/post/abc"), here)).toEqual({ path: "/post/abc", replace: false, preventScrollReset: false });
    expect(spaNavigation(link("https://ou.example/home?sort=new"), here)).toEqual({ path: "/home?sort=new", replace: true, preventScrollReset: false });
    expect(spaNavigation(link("https://ou.example/home?sort=new&share=abc", { keepScroll: true }), here)).toEqual({
      path: "/home?sort=new&share=abc",
      replace: false,
      preventScrollReset: true,
    });
  });

  it("leaves to the browser another site, another window and a download", () => {
    expect(spaNavigation(link("https://elsewhere.example/post/abc"), here)).toBeNull();
    expect(spaNavigation(link("https://ou.example/post/abc", { target: "_blank" }), here)).toBeNull();
    expect(spaNavigation(link("https://ou.example/media/a.webp", { download: true }), here)).toBeNull();
    expect(spaNavigation(link("https://ou.example/post/abc", { target: "_self" }), here)?.path).toBe("/post/abc");
  });
});

describe("a feed card", () => {
  // The card's menus are on-demand components; the server has them before its first request.
  beforeAll(() => serverComponentsLoaded);

  it("draws its links as plain links, so hydrating a card runs no Link hooks", async () => {
    const post = cardView("abc", {
      text: [{ text: "Desk lamp" }],
      likeCount: 0,
      media: [{ kind: "image", src: "/media/posts/abc/1-480.webp", srcSet: null, width: 480, height: 480, name: "1.webp", alt: "Photo 1 of 1", video: null }],
    });
    const handler = createStaticHandler([{ id: "root", path: "/", loader: () => ({ user: null }), children: [{ id: "page", path: "home", Component: () => createElement(PostActionsScope, null, createElement(PostCard, { post })) }] }]);
    const context = await handler.query(new Request("https://ou.example/home"));
    if (context instanceof Response) throw new Error("unexpected response");
    const html = renderToStaticMarkup(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
    const anchors = html.match(/<a [^>]*>/g) ?? [];
    expect(anchors.length).toBeGreaterThanOrEqual(6);
    for (const a of anchors) expect(a).toContain("data-spa");
    expect(html).toContain('href="/post/abc"');
    expect(html).toContain('href="/riley-ou"');
    expect(html).toContain('href="/home?share=abc"');
  });
});
