// Route matching on the server (docs/product.md §22): the patches in .patches/
// keep each route table's ranked branches and each path's RegExp, pass over a
// branch whose whole path cannot match after one test, and keep the
// render's route tree, so a request no longer converts, flattens and ranks
// every route several times, and hands a loader the request it got when there
// is no Remix parameter to take out of its address. What the server loads
// is the CommonJS build the patch changes (the browser's build is untouched).
import { createRequire } from "node:module";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import type * as Router from "@remix-run/router";
import type * as RouterServer from "react-router-dom/server";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const { matchRoutes } = require("@remix-run/router") as typeof Router;
const { createStaticHandler, createStaticRouter } = require("react-router-dom/server") as typeof RouterServer;
type LoaderArgs = { request: Request };
type RouteCall = { loadContext: unknown; params: object; request: Request; routeId: string; singleFetch: boolean };
type RouteFunction = (args: LoaderArgs) => unknown;
const { callRouteLoader, callRouteAction } = require("@remix-run/server-runtime/dist/data.js") as {
  callRouteLoader: (args: RouteCall & { loader: RouteFunction }) => Promise<unknown>;
  callRouteAction: (args: RouteCall & { action: RouteFunction }) => Promise<unknown>;
};

type Route = Router.AgnosticRouteObject;

const table = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "home", path: "home" },
      { id: "post", path: "post/:id" },
      { id: "post-edit", path: "post/:id/edit" },
      { id: "profile", path: ":username" },
      { id: "media", path: "media/*" },
    ],
  },
];

const ids = (routes: Route[], path: string) => matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;

describe("route matching", () => {
  it("matches as the router always has, call after call, with each request's own params", () => {
    const routes = table();
    for (let i = 0; i < 3; i++) {
      expect(ids(routes, "/")).toEqual(["root", "index"]);
      expect(ids(routes, "/home")).toEqual(["root", "home"]);
      expect(ids(routes, "/post/abc/edit")).toEqual(["root", "post-edit"]);
      expect(ids(routes, "/averyl-ou")).toEqual(["root", "profile"]);
      expect(ids(routes, "/media/a/b.jpg")).toEqual(["root", "media"]);
      expect(ids(routes, "/a/b/c")).toBeNull();
    }
    const first = matchRoutes(routes, "/post/first")!;
    const second = matchRoutes(routes, "/post/second")!;
    expect(first[1]!.params).toEqual({ id: "first" });
    expect(second[1]!.params).toEqual({ id: "second" });
    expect(matchRoutes(routes, "/MEDIA/x")![1]!.params).toEqual({ "*": "x" });
  });

  it("ranks a route table once: the patch is applied to the server's router", () => {
    const routes = table();
    expect(ids(routes, "/settings")).toEqual(["root", "profile"]);
    // A route added to the same array afterwards is not seen: the ranking was kept
    // (the server's tables never change after start). A new array is ranked anew.
    (routes[0]!.children as Route[]).push({ id: "settings", path: "settings" });
    expect(ids(routes, "/settings")).toEqual(["root", "profile"]);
    expect(ids([...routes], "/settings")).toEqual(["root", "settings"]);
  });

  it("builds the render's route tree once per table: RemixServer and the static router keep theirs", async () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "home", path: "home" }] }];
    const handler = createStaticHandler(routes);
    const at = async (path: string) => {
      const context = await handler.query(new Request(`https://ou.example${path}`));
      if (context instanceof Response) throw new Error("unexpected response");
      return createStaticRouter(handler.dataRoutes, context);
    };
    const [first, second] = [await at("/home"), await at("/")];
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((m) => m.route.id)).toEqual(["root", "home"]);
    expect(second.state.matches.map((m) => m.route.id)).toEqual(["root"]);
    // RemixServer's tree comes from the build's manifest, which only a whole document render gives;
    // the server's module holds the kept tree (the document renders themselves are the e2e suite's).
    const remixServer = fs.readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8");
    expect(remixServer).toContain("serverRoutesFor(manifest.routes, routeModules, context.future, context.isSpaMode)");
  });
});

/** This site's route table as Remix builds it from app/routes (ids shortened). */
const siteTable = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "splat", path: "*" },
      { id: "profile", path: ":username" },
      { id: "404", path: "404" },
      { id: "add-code", path: "add-code" },
      { id: "auth.email", path: "auth/email" },
      { id: "auth.google", path: "auth/google" },
      { id: "auth.google.callback", path: "auth/google/callback" },
      { id: "create.comment", path: "create/comment/:id" },
      { id: "create.post", path: "create/post" },
      { id: "game", path: "game/:id" },
      { id: "home", path: "home" },
      { id: "login", path: "login" },
      { id: "login.sent", path: "login/sent" },
      { id: "manifest", path: "manifest.webmanifest" },
      { id: "media", path: "media/*" },
      { id: "messages.id", path: "messages/:id" },
      { id: "messages.index", path: "messages", index: true },
      { id: "moderation", path: "moderation" },
      { id: "moderation.move-out", path: "moderation/move-out" },
      { id: "more", path: "more", children: [{ id: "more.index", index: true }, { id: "more.panel", path: ":panel" }] },
      { id: "post", path: "post/:id" },
      { id: "post.edit", path: "post/:id/edit" },
      { id: "post.renew", path: "post/:id/renew" },
      { id: "profile.index", path: "profile", index: true },
      { id: "profile.edit", path: "profile/edit" },
      { id: "sales.review", path: "sales/:id/review" },
      { id: "search", path: "search", caseSensitive: true },
      { id: "optional", path: "lang?/about/:section?" },
      {
        id: "settings",
        path: "settings",
        children: [
          { id: "settings.index", index: true },
          { id: "settings.account", path: "account", index: true },
          { id: "settings.email", path: "account/email" },
          { id: "settings.blocked", path: "blocked" },
        ],
      },
      { id: "layout", children: [{ id: "in-layout", path: "inside/:a/:b" }] },
    ],
  },
];

describe("passing over branches that cannot match", () => {
  it("matches every address exactly as the router's own build does (the browser's, unpatched)", async () => {
    // The ES module build is the browser's, which the patch leaves alone.
    const unpatched = (await import(pathToFileURL(require.resolve("@remix-run/router").replace(/router\.cjs\.js$/, "router.js")).href)) as typeof Router;
    const routes = siteTable();
    const reference = siteTable();
    const values = ["abc", "A-b_c", "x%20y", "%C3%9Cber", "a.b", "averyl-ou", "1"];
    const shapes = [
      "/", "//", "/home", "/HOME", "/home/", "/home//", "/home/x", "/404", "/auth/google/callback", "/auth/google/callback/x",
      "/create/comment/$", "/create/post", "/game/$", "/login/sent", "/LOGIN/SENT/", "/manifest.webmanifest", "/manifestxwebmanifest",
      "/media", "/media/", "/media/posts/$/1-200.webp", "/messages", "/messages/", "/messages/$", "/messages/$/x", "/moderation/move-out",
      "/more", "/more/$", "/more/$/x", "/post/$", "/post/$/", "/post//$", "/post/$/edit", "/POST/$/Edit", "/post/$/renew", "/post/$/x",
      "/profile", "/profile/edit", "/sales/$/review", "/search", "/Search", "/SEARCH/", "/about", "/en/about", "/en/about/$", "/about/$",
      "/settings", "/settings/", "/settings/account", "/settings/account/email", "/settings/blocked", "/settings/x", "/inside/$/$",
      "/inside/$", "/$", "/$/", "/$/followers", "/a/b/c/d", "/%2F", "/-", "/.", "/post/%2Fx",
    ];
    const summary = (matches: Router.AgnosticRouteMatch[] | null) =>
      matches?.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname, base: m.pathnameBase })) ?? null;
    let compared = 0;
    for (const shape of shapes) {
      for (const value of values) {
        const path = shape.replaceAll("$", value);
        expect(summary(matchRoutes(routes, path)), path).toEqual(summary(unpatched.matchRoutes(reference, path)));
        compared++;
      }
    }
    expect(compared).toBe(shapes.length * values.length);
  });
});

describe("the request a loader or action gets", () => {
  /** The request the route's loader (or action) was handed for `request`. */
  const seenBy = async (request: Request, call: "loader" | "action" = "loader") => {
    let seen: Request | null = null;
    const fn = ({ request: r }: LoaderArgs) => ((seen = r), null);
    const args = { loadContext: {}, params: {}, request, routeId: "routes/home", singleFetch: true };
    await (call === "loader" ? callRouteLoader({ ...args, loader: fn }) : callRouteAction({ ...args, action: fn }));
    return seen! as Request;
  };

  it("is the server's own request when its address holds no Remix parameter (no copy per route)", async () => {
    const request = new Request("https://ou.example/home?category=furniture", { headers: { Cookie: "a=b" } });
    expect(await seenBy(request)).toBe(request);
    const post = new Request("https://ou.example/post/abc", { method: "POST", body: new URLSearchParams({ intent: "like" }) });
    const seen = await seenBy(post, "action");
    expect(seen).toBe(post);
    expect((await seen.formData()).get("intent")).toBe("like");
  });

  it("still loses Remix's ?index and ?_routes, keeping everything else", async () => {
    const index = await seenBy(new Request("https://ou.example/?index&category=furniture", { headers: { Cookie: "a=b" } }));
    expect(index.url).toBe("https://ou.example/?category=furniture");
    expect(index.headers.get("Cookie")).toBe("a=b");
    const data = await seenBy(new Request("https://ou.example/home.data?_routes=routes%2Fhome&view=grid"));
    expect(data.url).toBe("https://ou.example/home.data?view=grid");
    const form = await seenBy(new Request("https://ou.example/?index", { method: "POST", body: new URLSearchParams({ text: "Lamp" }) }), "action");
    expect(form.url).toBe("https://ou.example/");
    expect((await form.formData()).get("text")).toBe("Lamp");
  });
});
