// The one way actions read a body (app/services/form.server.ts): caps while
// streaming, cleaned fields, and temporary files that never outlive the request.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FORM_BODY_MAX_BYTES, readForm, readUploadForm, type UploadRules } from "~/services/form.server";
import { TOO_MANY_CHARACTERS } from "~/utils/limits";
import { TOO_LARGE, TOO_MANY_FILES } from "~/utils/media-rules";

const RULES: UploadRules = { fileField: "files", maxFiles: 10, maxFileBytes: () => 1024 * 1024, largestFileBytes: 1024 * 1024 };
const BOUNDARY = "----test-boundary-7MA4YWxkTrZu0gW";

let tmp = "";
const previousTmp = process.env.TMPDIR;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "form-reader-"));
  process.env.TMPDIR = tmp; // os.tmpdir() follows it
});
afterAll(() => {
  process.env.TMPDIR = previousTmp;
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  for (const entry of fs.readdirSync(tmp)) fs.rmSync(path.join(tmp, entry), { recursive: true, force: true });
});
const leftInTmp = () => fs.readdirSync(tmp);

function urlEncoded(body: string | Buffer) {
  return new Request("http://localhost/x", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body as BodyInit });
}

type Part = { name: string; value?: string; filename?: string; size?: number };
function multipartBytes(parts: Part[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename === undefined ? `form-data; name="${p.name}"` : `form-data; name="${p.name}"; filename="${p.filename}"`;
    const type = p.filename === undefined ? "" : "Content-Type: image/png\r\n";
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(p.filename === undefined ? Buffer.from(p.value ?? "") : Buffer.alloc(p.size ?? 10, 7));
    chunks.push(Buffer.from("\r\n"));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
function multipart(body: Buffer | ReadableStream<Uint8Array>, contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
  return new Request("http://localhost/x", { method: "POST", headers: { "Content-Type": contentType }, body, duplex: "half" } as RequestInit);
}

async function refusal(run: () => Promise<unknown>): Promise<{ status: number; text: string }> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    throw thrown;
  }
  throw new Error("expected a refusal");
}

describe("readForm (no files)", () => {
  it("cleans NUL and control characters, turns invalid UTF-8 into U+FFFD, keeps the first of repeated fields", async () => {
    const body = Buffer.concat([Buffer.from("text=a%00b%07c&text=second&name="), Buffer.from([0xff, 0xfe]), Buffer.from("x%C3%28")]);
    const form = await readForm(urlEncoded(body));
    expect(form.getAll("text")).toEqual(["abc"]);
    expect(form.get("name")).toBe("\uFFFD\uFFFDx\uFFFD(");
  });

  it("refuses a body over 64 KB with 413, declared or not", async () => {
    const big = `text=${"a".repeat(FORM_BODY_MAX_BYTES)}`;
    expect(await refusal(() => readForm(urlEncoded(big)))).toEqual({ status: 413, text: TOO_MANY_CHARACTERS });
    const chunked = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 100; i++) c.enqueue(new TextEncoder().encode("a".repeat(1024)));
        c.close();
      },
    });
    const req = new Request("http://localhost/x", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: chunked, duplex: "half" } as RequestInit);
    expect((await refusal(() => readForm(req))).status).toBe(413);
  });

  it("refuses a field whose list index no form has (Conform would build a list that long), and keeps ours", async () => {
    const started = Date.now();
    expect((await refusal(() => readForm(urlEncoded("email=a%40b.co&x%5B40000000%5D=1")))).status).toBe(400);
    expect(Date.now() - started).toBeLessThan(500);
    const ours = await readForm(urlEncoded("media%5B9%5D.id=m&media%5B99%5D.alt=d"));
    expect([...ours.keys()]).toEqual(["media[9].id", "media[99].alt"]);
    const upload = await readUploadForm(multipart(multipartBytes([{ name: "x[100]", value: "1" }])), RULES, "reader-test");
    expect(upload).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses a field longer than any form takes, before a schema sees it", async () => {
    expect(await refusal(() => readForm(urlEncoded(`text=${"a".repeat(10_001)}`)))).toEqual({ status: 413, text: TOO_MANY_CHARACTERS });
    expect((await readForm(urlEncoded(`text=${"a".repeat(10_000)}`))).get("text")).toHaveLength(10_000);
  });

  it("answers 400 for multipart without a boundary and 415 for other content types", async () => {
    expect((await refusal(() => readForm(multipart(Buffer.from("x"), "multipart/form-data")))).status).toBe(400);
    expect((await refusal(() => readForm(multipart(Buffer.from("x"), "multipart/form-data; boundary=")))).status).toBe(400);
    const plain = new Request("http://localhost/x", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "a=b" });
    expect((await refusal(() => readForm(plain))).status).toBe(415);
  });

  it("reads multipart fields but refuses a file where none is taken", async () => {
    const form = await readForm(multipart(multipartBytes([{ name: "email", value: "a@b.co\u0000" }])));
    expect(form.get("email")).toBe("a@b.co");
    expect((await refusal(() => readForm(multipart(multipartBytes([{ name: "files", filename: "a.png" }]))))).status).toBe(400);
    expect(leftInTmp()).toEqual([]);
  });
});

describe("readUploadForm", () => {
  it("hands over the files as Files and removes them on cleanup", async () => {
    const read = await readUploadForm(
      multipart(multipartBytes([{ name: "text", value: "hi" }, { name: "files", filename: "a.png", size: 1000 }, { name: "files", filename: "b.png", size: 2000 }])),
      RULES,
      "reader-test",
    );
    if (!read.ok) throw new Error(read.message);
    const files = read.formData.getAll("files") as File[];
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ["a.png", 1000],
      ["b.png", 2000],
    ]);
    expect(leftInTmp()).toHaveLength(1);
    await read.cleanup();
    expect(leftInTmp()).toEqual([]);
  });

  it("treats an empty file input as no file", async () => {
    const read = await readUploadForm(multipart(multipartBytes([{ name: "files", filename: "", size: 0 }])), RULES, "reader-test");
    expect(read.ok && read.formData.getAll("files")).toEqual([]);
  });

  it("refuses the eleventh file with 413 and leaves nothing behind", async () => {
    const parts = Array.from({ length: 11 }, (_, i) => ({ name: "files", filename: `${i}.png`, size: 100 }));
    const read = await readUploadForm(multipart(multipartBytes(parts)), RULES, "reader-test");
    expect(read).toMatchObject({ ok: false, status: 413, message: TOO_MANY_FILES, field: "files" });
    expect(leftInTmp()).toEqual([]);
  });

  it("refuses a file over its limit while it streams, and a body over the total", async () => {
    const read = await readUploadForm(multipart(multipartBytes([{ name: "files", filename: "big.png", size: 1024 * 1024 + 1 }])), RULES, "reader-test");
    expect(read).toMatchObject({ ok: false, status: 413, message: TOO_LARGE });
    const declared = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, "Content-Length": String(20 * 1024 * 1024) },
      body: "x",
    });
    expect(await readUploadForm(declared, RULES, "reader-test")).toMatchObject({ ok: false, status: 413 });
    expect(leftInTmp()).toEqual([]);
  });

  it("refuses an overlong text field with the spec's message", async () => {
    const read = await readUploadForm(multipart(multipartBytes([{ name: "text", value: " ".repeat(100_000) }])), RULES, "reader-test");
    expect(read).toMatchObject({ ok: false, status: 413, message: TOO_MANY_CHARACTERS, field: "text" });
  });

  it("a body cut off mid-file (the client went away) is a 400 and leaves nothing", async () => {
    const bytes = multipartBytes([{ name: "files", filename: "a.png", size: 300_000 }], false);
    const cut = bytes.subarray(0, 200_000);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(cut);
        c.error(new Error("aborted"));
      },
    });
    expect(await readUploadForm(multipart(stream), RULES, "reader-test")).toMatchObject({ ok: false, status: 400 });
    const ended = await readUploadForm(multipart(cut), RULES, "reader-test");
    expect(ended).toMatchObject({ ok: false, status: 400 });
    expect(leftInTmp()).toEqual([]);
  });

  it("refuses part headers that never end (held in memory by the parser) after 1 MB", async () => {
    // A client that keeps sending header bytes, 64 KB at a time, and never ends.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"; filename="`));
      },
      pull(c) {
        sent += 64 * 1024;
        c.enqueue(Buffer.alloc(64 * 1024, 97));
      },
    });
    expect(await readUploadForm(multipart(endless), RULES, "reader-test")).toMatchObject({ ok: false, status: 400 });
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });
});
