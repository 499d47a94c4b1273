// No import cycle among the UI modules (app/components, app/routes). A cycle
// makes the evaluation order of the modules in it depend on which one a page
// loads first, and pulls every module in it into each page that needs one.
// Every kind of import counts: static, type-only and dynamic (an on-demand
// chunk that imports its loader back is still a cycle in the code's design).
// The imports are read with a regex, not a parser: enough for our own code.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP = path.join(ROOT, "app");
const EXTENSIONS = [".tsx", ".ts", "/route.tsx", "/route.ts", "/index.tsx", "/index.ts"];
// … from "x" (import and export, type-only too), import "x", import("x")
const IMPORT = /\bfrom\s*["']([^"']+)["']|\bimport\s*(?:\(\s*)?["']([^"']+)["']/g;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const readAll = (files: string[]) => new Map(files.map((file) => [file, fs.readFileSync(file, "utf8")]));
const isFile = (file: string) => fs.existsSync(file) && fs.statSync(file).isFile();

/** The app file an import names, or null when it is a package or not a module of ours. */
function resolve(from: string, specifier: string, exists: (file: string) => boolean): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  if (exists(base)) return base;
  for (const ext of EXTENSIONS) if (exists(base + ext)) return base + ext;
  return null;
}

/** Each file's imports of other files of the app (`sources`: file → its text). */
function importGraph(sources: Map<string, string>, exists: (file: string) => boolean = isFile) {
  const graph = new Map<string, Set<string>>();
  for (const [file, text] of sources) {
    const targets = new Set<string>();
    for (const match of text.matchAll(IMPORT)) {
      const target = resolve(file, match[1] ?? match[2] ?? "", exists);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components with more than one module (or a module that imports itself): Tarjan's algorithm. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const isUiModule = (file: string) =>
  (file.startsWith(path.join(APP, "components") + path.sep) || file.startsWith(path.join(APP, "routes") + path.sep)) && !/\.server\.tsx?$/.test(file);

describe("component import cycles", () => {
  it("finds a cycle through a dynamic and a type-only import (the check itself)", () => {
    const a = path.join(APP, "components/a.tsx");
    const b = path.join(APP, "components/b.tsx");
    const c = path.join(APP, "components/c.tsx");
    const sources = new Map([
      [a, `import { B } from "./b";\n`],
      [b, `const C = lazy(() => import("./c").then((m) => m.C));\n`],
      [c, `import type { A } from "~/components/a";\nimport { useState } from "react";\n`],
    ]);
    const graph = importGraph(sources, (file) => sources.has(file));
    expect(cycles(graph)).toEqual([[a, b, c].sort()]);
  });

  it("reads the app's imports (the on-demand registry loads the listing controls)", () => {
    const graph = importGraph(readAll(walk(APP)));
    const registry = graph.get(path.join(APP, "components/on-demand.tsx"));
    expect(registry?.has(path.join(APP, "components/listing-controls.tsx"))).toBe(true);
    expect(graph.get(path.join(APP, "root.tsx"))?.has(path.join(APP, "components/app-shell.tsx"))).toBe(true);
  });

  it("has no import cycle among app/components and app/routes", () => {
    // Server modules are not in the browser's graph (the build empties them); the lint keeps components off them.
    const graph = importGraph(readAll(walk(APP).filter((file) => !/\.server\.tsx?$/.test(file))));
    const ui = cycles(graph)
      .filter((component) => component.some(isUiModule))
      .map((component) => component.map((file) => path.relative(ROOT, file)).join(" ↔ "));
    expect(ui).toEqual([]);
  });
});
