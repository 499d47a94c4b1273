// `npm ci` refuses a lock file that no longer satisfies package.json. A dependency
// that asks for a dist-tag ("latest") instead of a range is satisfied only until
// its next release, so a clean install breaks with no change on our side. Every
// such request in the lock file must be pinned by an override in package.json.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
type Lock = { packages: Record<string, { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }> };
type Overrides = { [name: string]: string | Overrides };

const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as Lock;
const overrides = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { overrides?: Overrides }).overrides ?? {};

/** A dist-tag is a bare word; ranges, versions, `*`, `x` and protocols (npm:, file:, git+…) are not. */
const isDistTag = (spec: string) => /^[a-z][a-z0-9-]*$/i.test(spec) && !/^x$/i.test(spec);

/** The override that pins `dependency` under `parent` (nested or global), if any. */
function pinned(parent: string, dependency: string): boolean {
  const nested = overrides[parent];
  if (typeof nested === "object" && typeof nested[dependency] === "string") return true;
  return typeof overrides[dependency] === "string";
}

describe("package-lock.json", () => {
  it("has no dependency on a dist-tag that an override does not pin", () => {
    const unpinned: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      const name = location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
      for (const [dependency, spec] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })) {
        if (isDistTag(spec) && !pinned(name, dependency)) unpinned.push(`${name} → ${dependency}@${spec}`);
      }
    }
    expect(unpinned).toEqual([]);
  });
});
