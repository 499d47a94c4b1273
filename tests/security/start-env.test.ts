// `npm start` serves with React's production build, while the app's own mode
// (APP_ENV) stays development on a fresh clone and production when the operator
// sets NODE_ENV=production. The server is started by `npm run serve`'s command; a
// child given the same node flags prints what React and the config see there.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVE_ARGS } from "../e2e/app-server";

const root = path.resolve(import.meta.dirname, "../..");
const scripts = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

/** `npm run serve` as words: node, its flags, the server build. */
const serve = (scripts.serve ?? "").split(" ");
const flags = serve.slice(1, serve.indexOf("build/index.js"));

/** What a process started with the serve command's flags and this environment sees. */
function probe(env: Record<string, string>) {
  const script = [
    "require('react-dom/server');",
    "const loaded = Object.keys(require.cache).filter((f) => /react-dom-server\\.node\\./.test(f));",
    "JSON.stringify({ NODE_ENV: process.env.NODE_ENV, APP_ENV: process.env.APP_ENV, reactDomServer: loaded.map((f) => path.basename(f)) })",
  ].join("\n");
  const childEnv: Record<string, string> = { PATH: process.env.PATH ?? "", ...env };
  const out = execFileSync(process.execPath, [...flags, "-p", script], { cwd: root, env: childEnv as NodeJS.ProcessEnv, encoding: "utf8" });
  return JSON.parse(out) as { NODE_ENV: string; APP_ENV: string; reactDomServer: string[] };
}

describe("the one-command start", () => {
  it("npm start builds and then runs npm run serve's command, which preloads start-env.mjs before the server build", () => {
    expect(serve[0]).toBe("node");
    expect(serve.at(-1)).toBe("build/index.js");
    expect(flags).toEqual(["--max-semi-space-size=64", "--import", "./start-env.mjs"]);
    expect(scripts.start).toBe(`remix build && ${scripts.serve}`);
    // The test servers (security, e2e, cluster) are started the same way; the bench's read these flags from package.json.
    expect(SERVE_ARGS.slice(0, 3)).toEqual(["--max-semi-space-size=64", "--import", `file://${path.join(root, "start-env.mjs")}`]);
  });

  it("a fresh clone: React loads its production build, the app runs in development", () => {
    const seen = probe({});
    expect(seen).toEqual({ NODE_ENV: "production", APP_ENV: "development", reactDomServer: ["react-dom-server.node.production.min.js"] });
  });

  it("an operator's NODE_ENV=production keeps the production rules", () => {
    expect(probe({ NODE_ENV: "production" })).toMatchObject({ NODE_ENV: "production", APP_ENV: "production" });
  });

  it("an explicit APP_ENV wins, and React still loads its production build", () => {
    expect(probe({ APP_ENV: "production", NODE_ENV: "development" })).toEqual({
      NODE_ENV: "production",
      APP_ENV: "production",
      reactDomServer: ["react-dom-server.node.production.min.js"],
    });
    expect(probe({ APP_ENV: "development", NODE_ENV: "production" })).toMatchObject({ APP_ENV: "development" });
  });
});
