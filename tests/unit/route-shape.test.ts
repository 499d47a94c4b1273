// Every screen is a folder under app/routes: route.tsx (or route.ts for a
// resource route) beside its one server module, route.server.ts, which holds
// the loader and action. Lint checks what the route module imports and
// exports; this checks the folders themselves.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes");
const entries = fs.readdirSync(ROUTES_DIR, { withFileTypes: true });

describe("app/routes", () => {
  it("holds no flat route file", () => {
    expect(entries.filter((e) => e.isFile()).map((e) => e.name)).toEqual([]);
  });

  it.each(entries.filter((e) => e.isDirectory()).map((e) => e.name))("%s has its route module, and route.server.ts for its server code", (name) => {
    const files = fs.readdirSync(path.join(ROUTES_DIR, name));
    expect(files.filter((f) => f === "route.tsx" || f === "route.ts")).toHaveLength(1);
    const module = fs.readFileSync(path.join(ROUTES_DIR, name, files.includes("route.tsx") ? "route.tsx" : "route.ts"), "utf8");
    // A screen without a loader or action (a layout, a static page) needs no server module.
    if (!files.includes("route.server.ts")) {
      expect(module).not.toMatch(/\b(?:loader|action|headers)\b/);
      return;
    }
    const server = fs.readFileSync(path.join(ROUTES_DIR, name, "route.server.ts"), "utf8");
    // What the server module defines, the route module re-exports.
    for (const fn of ["loader", "action"]) {
      if (new RegExp(`export (?:async )?(?:function|const) ${fn}\\b`).test(server)) expect(module).toMatch(new RegExp(`export \\{[^}]*\\b${fn}\\b[^}]*\\} from "\\./route\\.server"`));
    }
  });
});
