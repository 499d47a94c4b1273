import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { holdDocumentEnd } from "~/services/document-stream.server";

/** Streams the chunks through holdDocumentEnd and reads the result. */
async function through(chunks: string[]): Promise<string> {
  return text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(holdDocumentEnd()));
}

const SHELL = '<!DOCTYPE html><html lang="en"><head><title>Café ☕</title></head><body><main>Hi</main><script>boot()</script></body></html>';
const LATE = '<!--$--><script>window.__remixContext.streamController.enqueue("[1]");</script><!--/$-->';
const EXPECTED = SHELL.replace("</body></html>", "") + LATE + "</body></html>";

describe("holdDocumentEnd", () => {
  it("puts what streams after the shell inside <body>", async () => {
    expect(await through([SHELL, LATE])).toBe(EXPECTED);
    expect(await through([SHELL + LATE])).toBe(EXPECTED);
  });

  it("finds the closing tags wherever the chunks split them", async () => {
    const whole = SHELL + LATE;
    for (let cut = 1; cut < whole.length; cut++) {
      expect(await through([whole.slice(0, cut), whole.slice(cut)])).toBe(EXPECTED);
    }
    expect(await through([...whole])).toBe(EXPECTED); // one character at a time
  });

  it("keeps multi-byte text intact and leaves a document with nothing late as it was", async () => {
    const bytes = Buffer.from(SHELL);
    const inside = bytes.indexOf("é") + 1;
    const parts = [bytes.subarray(0, inside), bytes.subarray(inside)]; // splits "é" between its two bytes
    expect(await text(Readable.from(parts).pipe(holdDocumentEnd()))).toBe(SHELL);
    expect(await through(["<p>no document end</p>"])).toBe("<p>no document end</p>");
  });

  it("drops the zero bytes React 18 leaves when a multi-byte character meets its 2,048-byte buffer's end", async () => {
    // What renderToPipeableStream sent for a profile: "12 Projects · 6 Games" with the buffer's unused last byte.
    const padded = Buffer.concat([Buffer.from("<p>12 Projects "), Buffer.alloc(1), Buffer.from("· 6 Games</p>")]);
    expect(await text(Readable.from([padded, Buffer.from(SHELL)]).pipe(holdDocumentEnd()))).toBe("<p>12 Projects · 6 Games</p>" + SHELL);
  });

  it("sends what one tick writes as one chunk (one compressor call), and a later write as its own", async () => {
    const stream = holdDocumentEnd();
    const received: string[] = [];
    stream.on("data", (chunk: Buffer) => received.push(chunk.toString()));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    for (const piece of ["<!DOCTYPE html><html><head></head><body>", "<main>", "Hi</main>", "</body></html>"]) stream.write(piece);
    await new Promise((resolve) => setImmediate(resolve));
    stream.write(LATE);
    stream.end();
    await ended;
    expect(received).toEqual(["<!DOCTYPE html><html><head></head><body><main>Hi</main>", LATE, "</body></html>"]);
  });
});
