import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { EntryContext } from "@remix-run/node";
import { collectDocument, hasBody, isWholeResponse, readDocumentDataAhead, responseBytes, wholeDocument, wholeResponse } from "~/services/whole-document.server";

const SHELL = '<!DOCTYPE html><html lang="en"><head><title>Café ☕</title></head><body><main>Hi</main><script>boot()</script></body></html>';
const LATE = '<!--$--><script>window.__remixContext.streamController.enqueue("[1]");</script><!--/$-->';
const EXPECTED = SHELL.replace("</body></html>", "") + LATE + "</body></html>";

const whole = (chunks: (string | Buffer)[], beforeEnd?: string) => wholeDocument(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c)), beforeEnd).toString();

describe("wholeDocument", () => {
  it("puts what React wrote after the closing tags inside <body>, and the given markup just before them", () => {
    expect(whole([SHELL, LATE])).toBe(EXPECTED);
    expect(whole([SHELL + LATE])).toBe(EXPECTED);
    expect(whole([SHELL, LATE], "<script>sw()</script>")).toBe(EXPECTED.replace("</body></html>", "<script>sw()</script></body></html>"));
  });

  it("finds the closing tags and keeps multi-byte text wherever the chunks split them", () => {
    const bytes = Buffer.from(SHELL + LATE);
    for (let cut = 1; cut < bytes.length; cut++) expect(whole([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(EXPECTED);
  });

  it("leaves a document with nothing late, or no closing tags, as it was", () => {
    expect(whole([SHELL])).toBe(SHELL);
    expect(whole(["<p>no document end</p>"])).toBe("<p>no document end</p>");
  });

  it("drops the zero bytes React 18 leaves when a multi-byte character meets its 2,048-byte buffer's end", () => {
    // What renderToPipeableStream sent for a profile: "12 Projects · 6 Games" with the buffer's unused last byte.
    const padded = Buffer.concat([Buffer.from("<p>12 Projects "), Buffer.alloc(1), Buffer.from("· 6 Games</p>")]);
    expect(whole([padded, SHELL])).toBe("<p>12 Projects · 6 Games</p>" + SHELL);
  });
});

describe("collectDocument", () => {
  it("receives React's whole render, text escaped and multi-byte characters intact", async () => {
    const text = `Café ☕ <script>alert(1)</script> ${"·".repeat(20_000)}`;
    const html = await new Promise<string>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(createElement("main", null, createElement("p", null, text)), {
        onAllReady: () => pipe(collectDocument((chunks) => resolve(wholeDocument(chunks).toString()))),
        onShellError: reject,
      });
    });
    expect(html).toBe(`<main><p>Café ☕ &lt;script&gt;alert(1)&lt;/script&gt; ${"·".repeat(20_000)}</p></main>`);
  });
});

describe("wholeResponse", () => {
  it("carries its bytes beside the Response; any other response is read to its end", async () => {
    const body = Buffer.from(SHELL);
    const response = wholeResponse(body, { status: 201, headers: { "Content-Type": "text/html" } });
    expect([response.status, response.headers.get("Content-Type"), hasBody(response), isWholeResponse(response)]).toEqual([201, "text/html", true, true]);
    expect((await responseBytes(response)).toString()).toBe(SHELL);
    const streamed = new Response("plain");
    expect([hasBody(streamed), isWholeResponse(streamed), (await responseBytes(streamed)).toString()]).toEqual([true, false, "plain"]);
    expect(hasBody(new Response(null, { status: 204 }))).toBe(false);
  });
});

describe("readDocumentDataAhead", () => {
  const contextOf = (stream: ReadableStream<Uint8Array>) => ({ serverHandoffStream: stream, renderMeta: {} }) as unknown as EntryContext;

  it("leaves every piece of the data stream decoded where the document's data scripts look, and the stream free to read", async () => {
    const bytes = new TextEncoder().encode('[{"title":"Café ☕"}]\n');
    const cut = bytes.indexOf(0xc3) + 1; // "é" split between two pieces
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, cut));
        controller.enqueue(bytes.subarray(cut));
        controller.close();
      },
    });
    const context = contextOf(stream);
    await readDocumentDataAhead(context);
    const cache = context.renderMeta!.streamCache!;
    expect(Object.values(cache).map((piece) => piece.result)).toEqual([
      { done: false, value: bytes.subarray(0, cut - 1).reduce((s, b) => s + String.fromCharCode(b), "") },
      { done: false, value: 'é ☕"}]\n' },
      { done: true, value: "" },
    ]);
    expect((await stream.getReader().read()).done).toBe(true);
  });

  it("keeps a failed read as the error the data script throws", async () => {
    const failure = new Error("Server Timeout");
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(failure);
      },
    });
    const context = contextOf(stream);
    await readDocumentDataAhead(context);
    expect(context.renderMeta!.streamCache![0]!.error).toBe(failure);
  });
});
