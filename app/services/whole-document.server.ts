// The HTML document as React renders it, gathered whole (docs/product.md §22).
//
// Nothing on this site streams late (no deferred data): a page is complete
// within a few milliseconds of its data, and is compressed and sent in one
// piece (response-compression.server.ts). So the document is collected as
// React writes it and travels beside its Response as bytes (wholeResponse),
// not through a Node stream, a web stream and back, which cost a signed-in
// page more than its own markup's encoding.

import type { EntryContext } from "@remix-run/node";

const DOCUMENT_END = Buffer.from("</body></html>");

/** What React's renderToPipeableStream uses of its destination: it writes the chunks, ends it once the document is whole, and listens. */
type DocumentSink = { write(chunk: Uint8Array | string): boolean; end(): void; on(event: string, listener: () => void): DocumentSink };

/** A destination for renderToPipeableStream's pipe() that keeps every chunk; `done` is called with them once React ends it. */
export function collectDocument(done: (chunks: Uint8Array[]) => void): NodeJS.WritableStream {
  const chunks: Uint8Array[] = [];
  const sink: DocumentSink = {
    write(chunk) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      return true;
    },
    end() {
      done(chunks);
    },
    // Nothing is ever waited for (no backpressure) nor closed early (no socket).
    on() {
      return sink;
    },
  };
  // React calls nothing else of a Node stream (its pipe() is typed for any Writable).
  return sink as unknown as NodeJS.WritableStream;
}

/**
 * React 18.3's stream writer, unpatched (the development build; .patches/
 * fixes the production one), sends its whole 2,048-byte buffer when a
 * multi-byte character does not fit at the end, unused zero bytes included, so
 * a page whose "·" or "é" lands on that boundary carries a NUL. The document
 * never holds a NUL of its own (every stored text drops control characters,
 * app/utils/form.ts), so they are dropped here.
 */
function withoutNul(bytes: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  return bytes.includes(0) ? Buffer.from(bytes.filter((b) => b !== 0)) : bytes;
}

/**
 * The document's bytes from React's chunks, its closing `</body></html>`
 * moved to the very end. React 18 writes the closing tags as soon as the
 * shell is done, and Remix's single-fetch data scripts (a Suspense boundary
 * beside `<html>`) come after them: a `<script>` after `</html>`, which is
 * invalid HTML. Putting the tags last puts them inside `<body>`, where the
 * browser's parser placed them anyway, so the DOM is unchanged (React 19 does
 * the same). `beforeEnd`: markup to put just before the closing tags (the
 * service worker's registration).
 */
export function wholeDocument(chunks: Uint8Array[], beforeEnd = ""): Buffer<ArrayBuffer> {
  const bytes = withoutNul(Buffer.concat(chunks));
  const at = bytes.indexOf(DOCUMENT_END);
  if (at < 0) return bytes;
  return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + DOCUMENT_END.length), Buffer.from(beforeEnd), DOCUMENT_END]);
}

const wholeBodies = new WeakMap<Response, Buffer<ArrayBuffer>>();

/** A Response whose body is `body`, read back by responseBytes without a stream. */
export function wholeResponse(body: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(null, init);
  wholeBodies.set(response, body);
  return response;
}

/** Whether the response was made by wholeResponse. */
export function isWholeResponse(response: Response): boolean {
  return wholeBodies.has(response);
}

/** Whether the response has a body (a whole one or a stream). */
export function hasBody(response: Response): boolean {
  return wholeBodies.has(response) || response.body !== null;
}

/** The response's body as bytes: a whole document's as it is, any other read to its end. */
export async function responseBytes(response: Response): Promise<Buffer<ArrayBuffer>> {
  return wholeBodies.get(response) ?? Buffer.from(await response.arrayBuffer());
}

/**
 * Reads Remix's single-fetch data for the document (the route data the
 * browser hydrates from) to its end before the render, and leaves each piece
 * where <Scripts>' StreamTransfer looks for it (renderMeta.streamCache, as
 * it would have left it itself). The document then renders in one pass: it
 * no longer suspends once per piece and waits for React to come back to it.
 * The stream is released (read, closed), so rendering still takes its reader.
 */
export async function readDocumentDataAhead(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  const meta = context.renderMeta;
  if (!stream || !meta) return;
  const cache: NonNullable<typeof meta.streamCache> = (meta.streamCache ??= {});
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  try {
    for (let piece = 0; ; piece++) {
      try {
        const { done, value } = await reader.read();
        cache[piece] = Object.assign(Promise.resolve(), { result: { done, value: decoder.decode(value, { stream: true }) } });
        if (done) return;
      } catch (error) {
        // As StreamTransfer keeps a failed read: the document's data script ends there with the error.
        cache[piece] = Object.assign(Promise.resolve(), { error });
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
