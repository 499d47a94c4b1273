// Route matching on the server (docs/product.md §22): the patch in .patches/
// keeps each route table's ranked branches and each path's RegExp, so a request
// no longer flattens and ranks every route several times. What the server loads
// is the CommonJS build the patch changes (the browser's build is untouched).
import { createRequire } from "node:module";
import type * as Router from "@remix-run/router";
import { describe, expect, it } from "vitest";

const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as typeof Router;

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
});
