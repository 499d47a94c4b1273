// The server's React writes each document (docs/product.md §22): the patch in
// .patches/ makes its stream writer gather the strings of a render and encode
// them once per 32 K characters, instead of one TextEncoder call per tag and
// attribute and one write per 2 KB; and a finished render lets go of its
// stream, so the stream's closing does not end it again.
// What the server loads is the production build the patch changes (the tests
// otherwise run React's development build, which is untouched).
import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough, Writable } from "node:stream";
import { text } from "node:stream/consumers";
import { createElement, Suspense, type ReactElement } from "react";
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

  it("ends a finished page's stream once, and its closing aborts nothing", async () => {
    const errors: unknown[] = [];
    const sink = new PassThrough();
    let ends = 0;
    const end = sink.end.bind(sink);
    sink.end = ((...args: Parameters<typeof sink.end>) => {
      ends++;
      return end(...args);
    }) as typeof sink.end;
    const closed = new Promise((resolve) => sink.once("close", resolve));
    const page = h("main", null, card(1));
    const { pipe } = renderToPipeableStream(page, { onShellReady: () => pipe(sink), onError: (error: unknown) => void errors.push(error) });
    expect(await text(sink)).toBe(renderToString(page));
    await closed;
    await new Promise((resolve) => setImmediate(resolve));
    expect(ends).toBe(1);
    expect(errors).toEqual([]);
  });

  it("still stops a render whose stream closes before the page is whole", async () => {
    const errors: unknown[] = [];
    let release = () => {};
    const pending = new Promise<void>((resolve) => (release = resolve));
    let thrown = false;
    // A part of the page that waits for data (a Suspense boundary), while the reader goes away.
    function Late(): ReactElement {
      if (!thrown) {
        thrown = true;
        throw pending;
      }
      return h("p", null, "late");
    }
    const sink = new PassThrough();
    const page = h("main", null, h(Suspense, { fallback: h("p", null, "…") }, h(Late)));
    const { pipe } = renderToPipeableStream(page, { onShellReady: () => pipe(sink), onError: (error: unknown) => void errors.push(error) });
    await new Promise((resolve) => sink.once("data", resolve));
    sink.destroy();
    await new Promise((resolve) => sink.once("close", resolve));
    release();
    expect(errors.map((e) => (e as Error).message)).toEqual(["The destination stream closed early."]);
  });
});
