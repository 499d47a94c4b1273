// The server's React writes each document (docs/product.md §22): the patch in
// .patches/ makes its stream writer gather the strings of a render and encode
// them once per 32 K characters, instead of one TextEncoder call per tag and
// attribute and one write per 2 KB.
// What the server loads is the production build the patch changes (the tests
// otherwise run React's development build, which is untouched).
import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type * as ReactDOMServer from "react-dom/server";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const { renderToPipeableStream } = require(
  path.join(path.dirname(require.resolve("react-dom/server.node")), "cjs/react-dom-server.node.production.min.js"),
) as typeof ReactDOMServer;

/** Renders `element` as the document server does and gathers the bytes and the number of writes. */
function streamed(element: ReactElement): Promise<{ bytes: Buffer; writes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
      final(callback) {
        callback();
        resolve({ bytes: Buffer.concat(chunks), writes: chunks.length });
      },
    });
    const { pipe } = renderToPipeableStream(element, { onShellReady: () => pipe(sink), onShellError: reject });
  });
}

const h = createElement;
const card = (i: number) =>
  h(
    "article",
    { key: i, className: "card", id: `post-${i}`, "aria-label": `Café ${i}`, style: { width: 40, marginTop: 2 } },
    h("a", { href: `/post/${i}?q=a&b="c"` }, "Desk lamp · works fine — 20 €, 😀 ", i),
    h("input", { type: "hidden", name: "intent", value: "like" }),
    h("svg", { viewBox: "0 0 24 24" }, h("path", { d: "M4 5h16v11H8l-4 4z" })),
  );

describe("the document's render", () => {
  it("sends the same markup renderToString makes, across several writes of about 32 KB", async () => {
    const page = h("main", null, Array.from({ length: 600 }, (_, i) => card(i)));
    const { bytes, writes } = await streamed(page);
    expect(bytes.toString("utf8")).toBe(renderToString(page));
    expect(bytes.length).toBeGreaterThan(100_000);
    expect(writes).toBeGreaterThan(2);
    expect(writes).toBeLessThan(10);
  });

  it("sends a page of under 32 KB in one write", async () => {
    const page = h("main", null, Array.from({ length: 100 }, (_, i) => card(i)));
    const { bytes, writes } = await streamed(page);
    expect(bytes.length).toBeGreaterThan(15_000);
    expect(writes).toBe(1);
  });

  it("never sends a NUL byte, wherever a multi-byte character meets a write's end", async () => {
    // Short texts, as a page has them; the unpatched writer left a NUL where one met its 2 KB buffer's end.
    for (let pad = 0; pad < 250; pad++) {
      const page = h("p", null, ...Array.from({ length: 6 }, (_, i) => h("span", { key: i }, "a".repeat(300))), h("b", null, "a".repeat(pad)), h("i", null, "é·😀é"));
      const { bytes } = await streamed(page);
      expect(bytes.includes(0)).toBe(false);
      expect(bytes.toString("utf8")).toBe(renderToString(page));
    }
  });
});
