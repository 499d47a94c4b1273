import { Transform } from "node:stream";

const DOCUMENT_END = Buffer.from("</body></html>");

/**
 * A pass-through for the streamed HTML document that moves its closing
 * `</body></html>` to the very end of the stream.
 *
 * React 18 writes the closing tags as soon as the shell is done, and Remix's
 * single-fetch data scripts (a Suspense boundary beside `<html>`) stream after
 * them: a `<script>` after `</html>`, which is invalid HTML. Holding the tags
 * back puts everything streamed later inside `<body>`, where the browser's
 * parser placed it anyway, so the DOM is unchanged (React 19 does the same).
 * Searching bytes is safe in UTF-8: no multi-byte sequence contains ASCII bytes.
 * It also drops the NUL bytes React 18 can leave (withoutNul).
 */
/**
 * React 18.3's stream writer, unpatched (the development build; .patches/
 * fixes the production one), sends its whole 2,048-byte buffer when a
 * multi-byte character does not fit at the end, unused zero bytes included, so
 * a page whose "·" or "é" lands on that boundary carries a NUL. The document
 * never holds a NUL of its own (every stored text drops control characters,
 * app/utils/form.ts), so they are dropped here.
 */
function withoutNul(bytes: Buffer): Buffer {
  return bytes.includes(0) ? Buffer.from(bytes.filter((b) => b !== 0)) : bytes;
}

/** `beforeEnd`: markup to put just before the closing tags (the service worker's registration). */
export function holdDocumentEnd(beforeEnd = ""): Transform {
  // The last bytes seen, which may be the start of the closing tags split across chunks.
  let tail = Buffer.alloc(0);
  let held = false;
  // React writes the shell in 2 KB pieces within one tick; each piece sent on its
  // own costs the compressor a call (a fifth of a signed-in page's CPU). What one
  // tick writes goes on as one chunk, so the shell still leaves at once and each
  // later Suspense piece in its own tick.
  let pending: Buffer[] = [];
  let scheduled = false;
  const send = (stream: Transform) => {
    scheduled = false;
    if (pending.length) stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  const queue = (stream: Transform, bytes: Buffer) => {
    if (!bytes.length) return;
    pending.push(bytes);
    if (!scheduled) {
      scheduled = true;
      setImmediate(send, stream);
    }
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = withoutNul(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      if (held) {
        queue(this, bytes);
        return callback();
      }
      const text = tail.length ? Buffer.concat([tail, bytes]) : bytes;
      const at = text.indexOf(DOCUMENT_END);
      if (at >= 0) {
        held = true;
        tail = Buffer.alloc(0);
        queue(this, text.subarray(0, at));
        queue(this, text.subarray(at + DOCUMENT_END.length));
        return callback();
      }
      const keep = Math.min(text.length, DOCUMENT_END.length - 1);
      tail = Buffer.from(text.subarray(text.length - keep));
      queue(this, text.subarray(0, text.length - keep));
      callback();
    },
    flush(callback) {
      send(this);
      const rest = held ? Buffer.concat([tail, Buffer.from(beforeEnd), DOCUMENT_END]) : tail;
      callback(null, rest.length ? rest : undefined);
    },
  });
}
