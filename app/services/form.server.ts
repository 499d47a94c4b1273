// Request bodies: the one way an action reads its form. One request must not
// stall the server or fill its disk, so every body is capped while it streams
// (reading stops at the cap: nothing is buffered first), uploads go to a
// temporary folder of their own that is removed on every path, and each text
// field is cleaned and capped (app/utils/form.ts) before any schema sees it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import { cleanFieldText, FIELD_MAX_CHARACTERS } from "~/utils/form";
import { TOO_MANY_CHARACTERS } from "~/utils/limits";
import { TOO_LARGE, TOO_MANY_FILES } from "~/utils/media-rules";

/** A form-encoded body (or a multipart one without files) may be at most this. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;
/**
 * Fields per form: most of ours have about a dozen; the largest, editing a
 * post with ten photos (position, description and Remove for each), about 60.
 */
const MAX_FIELDS = 80;
/** Bytes of one text field while it streams (a character is at most 4 bytes of UTF-8). */
const FIELD_MAX_BYTES = FIELD_MAX_CHARACTERS * 4;
/**
 * Bytes of a multipart body that belong to no field or file (boundaries, part
 * headers, read-ahead): the parser holds them in memory, so they are bounded.
 */
const MULTIPART_OVERHEAD_MAX_BYTES = 1024 * 1024;
/**
 * After a refusal the rest of the body is read and thrown away, so a browser
 * that is still sending sees the answer; beyond this much, or this long, the
 * connection is dropped instead.
 */
const DISCARD_MAX_BYTES = 8 * 1024 * 1024;
const DISCARD_MAX_MS = 30_000;
const DISCARD_GRACE_MS = 2_000;

const SOMETHING_WENT_WRONG = "Something went wrong.";

/** Why a body was not read: a 4xx and the message the user sees. */
export class FormRefusal extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 429,
    message: string,
    /** The field the message belongs to, when it is about one. */
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

export type UploadRules = {
  /** The one field that may carry files ("files", "photo"). */
  fileField: string;
  maxFiles: number;
  /** The largest a file of this name may be (photos and videos differ, docs/product.md §6). */
  maxFileBytes: (filename: string) => number;
  /** The largest any file may be: with maxFiles, it caps the whole body. */
  largestFileBytes: number;
  /**
   * The intents that take files, where a form also has intents that don't: an
   * `intent` field with another value ends the reading with 415 as soon as it
   * arrives (before any file that follows it is written).
   */
  intents?: readonly string[];
};

/** The temporary file behind each uploaded File (a video is probed there, without a copy). */
const uploadedPaths = new WeakMap<File, string>();

/** Where an uploaded file lies on disk until the form's cleanup; undefined for a File made in memory. */
export function uploadedPath(file: File): string | undefined {
  return uploadedPaths.get(file);
}

/** Uploads one user may have in flight in this process; the next is refused before its body is read. */
const UPLOADS_PER_USER = 2;
const uploadsInFlight = new Map<string, number>();
export const TOO_MANY_UPLOADS = "Wait for your other uploads to finish, then try again.";

export type UploadForm =
  | { ok: true; formData: FormData; cleanup: () => Promise<void> }
  | ({ ok: false; draft?: Record<string, string> } & Pick<FormRefusal, "status" | "message" | "field">);

/**
 * The form of an ordinary action (no files): form-encoded or multipart, at
 * most 64 KB. A refused body throws a 4xx response with the reason.
 */
export async function readForm(request: Request): Promise<FormData> {
  const read = await readBody(request, null);
  if (read.ok) return read.formData;
  throw new Response(read.message, { status: read.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The form of an upload by `userId` (who was allowed to upload before this
 * is called): files are written to a temporary folder as they arrive (never
 * all in memory) and handed over as Files backed by those temporary files.
 * The caller runs `cleanup` when done with them (in a `finally`); on a
 * refusal nothing is left behind. A user's third upload at once is refused
 * (429) before its body is read.
 */
export async function readUploadForm(request: Request, rules: UploadRules, userId: string): Promise<UploadForm> {
  const busy = uploadsInFlight.get(userId) ?? 0;
  if (busy >= UPLOADS_PER_USER) return refuse(request, new FormRefusal(429, TOO_MANY_UPLOADS));
  uploadsInFlight.set(userId, busy + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (uploadsInFlight.get(userId) ?? 1) - 1;
    if (left > 0) uploadsInFlight.set(userId, left);
    else uploadsInFlight.delete(userId);
  };
  let read: UploadForm;
  try {
    read = await readBody(request, rules);
  } catch (error) {
    release();
    throw error;
  }
  if (!read.ok) {
    release();
    return read;
  }
  const { cleanup } = read;
  return {
    ...read,
    cleanup: async () => {
      try {
        await cleanup();
      } finally {
        release();
      }
    },
  };
}

/**
 * The text fields of a request that is refused before it was read, so the
 * user gets their draft back: at most 64 KB, and a file part ends the reading
 * before a byte of it is written.
 */
export async function readDraft(request: Request): Promise<FormData> {
  const read = await readBody(request, null);
  if (read.ok) return read.formData;
  const formData = new FormData();
  for (const [name, value] of Object.entries(read.draft ?? {})) formData.append(name, value);
  return formData;
}

async function readBody(request: Request, rules: UploadRules | null): Promise<UploadForm> {
  const type = request.headers.get("Content-Type") ?? "";
  const mediaType = type.split(";", 1)[0]!.trim().toLowerCase();
  const maxBytes = rules ? rules.maxFiles * rules.largestFileBytes + FORM_BODY_MAX_BYTES : FORM_BODY_MAX_BYTES;
  const tooLarge = rules ? TOO_LARGE : TOO_MANY_CHARACTERS;
  if (mediaType === "multipart/form-data") {
    const boundary = boundaryOf(type);
    if (!boundary) return refuse(request, new FormRefusal(400, SOMETHING_WENT_WRONG));
    return readMultipart(request, boundary, maxBytes, tooLarge, rules);
  }
  if (mediaType === "application/x-www-form-urlencoded") return readUrlEncoded(request, tooLarge);
  return refuse(request, new FormRefusal(415, SOMETHING_WENT_WRONG));
}

/** Whether the request's body claims to be multipart (an upload), by its Content-Type alone. */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").split(";", 1)[0]!.trim().toLowerCase() === "multipart/form-data";
}

/** A multipart boundary as RFC 2046 allows it (1–70 of its characters), else null. */
function boundaryOf(contentType: string): string | null {
  for (const param of contentType.split(";").slice(1)) {
    const eq = param.indexOf("=");
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "boundary") continue;
    let value = param.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return /^[\w'()+,./:=? -]{0,69}[\w'()+,./:=?-]$/.test(value) ? value : null;
  }
  return null;
}

function declaredLength(request: Request): number | null {
  const value = request.headers.get("Content-Length");
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** A refusal, after making sure the rest of the body does not hold the connection. */
function refuse(
  request: Request,
  refusal: FormRefusal,
  source?: ReadableStreamDefaultReader<Uint8Array>,
  draft?: Record<string, string>,
): UploadForm {
  discardRest(source ?? request.body?.getReader());
  return { ok: false, status: refusal.status, message: refusal.message, field: refusal.field, draft };
}

/**
 * Reads and drops what is left of a body, in the background and within
 * limits, then lets go of the connection.
 */
function discardRest(source: ReadableStreamDefaultReader<Uint8Array> | undefined) {
  if (!source) return;
  const started = Date.now();
  const timer = setTimeout(() => void source.cancel().catch(() => undefined), DISCARD_MAX_MS);
  timer.unref();
  void (async () => {
    let left = DISCARD_MAX_BYTES;
    try {
      for (;;) {
        const { done, value } = await source.read();
        if (done) break;
        left -= value.byteLength;
        if (left < 0) {
          // Stop reading, but give the answer time to leave before the connection is dropped.
          await new Promise((r) => setTimeout(r, Math.max(0, DISCARD_GRACE_MS - (Date.now() - started))));
          await source.cancel();
          break;
        }
      }
    } catch {
      // The client went away: nothing left to discard.
    } finally {
      clearTimeout(timer);
    }
  })();
}

/**
 * The body as a stream that errors with `refusal` once more than `maxBytes`
 * have arrived (or with what `check` says of the bytes that arrived before a
 * new chunk), and the reader of the original body (for discardRest).
 */
function cappedBody(request: Request, maxBytes: number, refusal: () => FormRefusal, check?: (receivedBefore: number) => FormRefusal | null) {
  const source = request.body!.getReader();
  let received = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) return controller.close();
      const before = received;
      received += value.byteLength;
      const refused = received > maxBytes ? refusal() : check?.(before);
      if (refused) return controller.error(refused);
      controller.enqueue(value);
    },
  });
  const onAbort = () => void source.cancel().catch(() => undefined);
  request.signal.addEventListener("abort", onAbort, { once: true });
  return { stream, source, release: () => request.signal.removeEventListener("abort", onAbort) };
}

async function readUrlEncoded(request: Request, tooLarge: string): Promise<UploadForm> {
  const refusal = () => new FormRefusal(413, tooLarge);
  if ((declaredLength(request) ?? 0) > FORM_BODY_MAX_BYTES) return refuse(request, refusal());
  if (!request.body) return { ok: true, formData: new FormData(), cleanup: async () => {} };
  const body = cappedBody(request, FORM_BODY_MAX_BYTES, refusal);
  const chunks: Uint8Array[] = [];
  try {
    const reader = body.stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  } catch (error) {
    body.release();
    return refuse(request, error instanceof FormRefusal ? error : new FormRefusal(400, SOMETHING_WENT_WRONG), body.source);
  }
  body.release();
  const formData = new FormData();
  try {
    // Invalid UTF-8, raw or percent-encoded, decodes to U+FFFD.
    const params = new URLSearchParams(new TextDecoder().decode(Buffer.concat(chunks)));
    let count = 0;
    for (const [name, value] of params) {
      if (++count > MAX_FIELDS) throw new FormRefusal(413, tooLarge);
      addField(formData, name, value);
    }
  } catch (error) {
    if (error instanceof FormRefusal) return { ok: false, status: error.status, message: error.message, field: error.field };
    throw error;
  }
  return { ok: true, formData, cleanup: async () => {} };
}

/**
 * The largest list index a field name may carry ("media[9].id"): Conform
 * builds a list as long as the largest index it is given, so one field such
 * as `x[40000000]` would hold the server for many seconds while the list is
 * walked and sent back. Our longest lists are a post's ten photos.
 */
const MAX_FIELD_INDEX = 99;

function hasSmallIndexes(name: string): boolean {
  for (const [, index] of name.matchAll(/\[(\d+)\]/g)) if (index!.length > 2 || Number(index) > MAX_FIELD_INDEX) return false;
  return true;
}

/**
 * A text field, cleaned and capped. A name given twice keeps its first value:
 * no form of ours repeats a text field, and a schema expecting a string never
 * gets a list. A list index no form of ours has is refused.
 */
function addField(formData: FormData, name: string, value: string) {
  if (!hasSmallIndexes(name)) throw new FormRefusal(400, SOMETHING_WENT_WRONG, name);
  if ([...value].length > FIELD_MAX_CHARACTERS) throw new FormRefusal(413, TOO_MANY_CHARACTERS, name);
  if (formData.has(name)) return;
  formData.append(name, cleanFieldText(value));
}

async function readMultipart(request: Request, boundary: string, maxBytes: number, tooLarge: string, rules: UploadRules | null): Promise<UploadForm> {
  const overall = () => new FormRefusal(413, tooLarge, rules?.fileField ?? null);
  if ((declaredLength(request) ?? 0) > maxBytes) return refuse(request, overall());
  if (!request.body) return refuse(request, new FormRefusal(400, SOMETHING_WENT_WRONG));
  // Bytes handed to a field or file; the rest of what arrived is held by the parser.
  let accounted = 0;
  const body = cappedBody(request, maxBytes, overall, (receivedBefore) =>
    receivedBefore - accounted > MULTIPART_OVERHEAD_MAX_BYTES ? new FormRefusal(400, SOMETHING_WENT_WRONG) : null,
  );
  let folder: string | null = null;
  const cleanup = async () => {
    if (folder) await fs.promises.rm(folder, { recursive: true, force: true });
  };
  let fields = 0;
  let files = 0;
  // Text read before a refusal, so the user gets their draft back (no lost work).
  const draft: Record<string, string> = {};

  async function onPart(part: UploadHandlerPart): Promise<File | string | undefined> {
    if (part.filename === undefined) {
      if (++fields > MAX_FIELDS) throw new FormRefusal(413, tooLarge);
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of part.data) {
        size += chunk.byteLength;
        if (size > FIELD_MAX_BYTES) throw new FormRefusal(413, TOO_MANY_CHARACTERS, part.name);
        accounted += chunk.byteLength;
        chunks.push(chunk);
      }
      const text = new TextDecoder().decode(Buffer.concat(chunks));
      draft[part.name] ??= cleanFieldText(text);
      // An intent that takes no files, sent as an upload: refused before the files that follow.
      if (rules?.intents && part.name === "intent" && !rules.intents.includes(text)) throw new FormRefusal(415, SOMETHING_WENT_WRONG);
      return text;
    }
    // A file input left empty: a part with no name and no content.
    if (part.filename === "") {
      for await (const chunk of part.data) {
        if (chunk.byteLength) throw new FormRefusal(400, SOMETHING_WENT_WRONG);
      }
      return undefined;
    }
    if (!rules || part.name !== rules.fileField) throw new FormRefusal(400, SOMETHING_WENT_WRONG);
    // The eleventh file is refused before a byte of it is written.
    if (++files > rules.maxFiles) throw new FormRefusal(413, TOO_MANY_FILES, rules.fileField);
    const limit = rules.maxFileBytes(part.filename);
    folder ??= await fs.promises.mkdtemp(path.join(os.tmpdir(), "upload-"));
    const file = path.join(folder, String(files));
    const handle = await fs.promises.open(file, "wx");
    let size = 0;
    try {
      for await (const chunk of part.data) {
        size += chunk.byteLength;
        if (size > limit) throw new FormRefusal(413, TOO_LARGE, rules.fileField);
        accounted += chunk.byteLength;
        await handle.write(chunk);
      }
    } finally {
      await handle.close();
    }
    const uploaded = new File([await fs.openAsBlob(file)], cleanFieldText(part.filename), { type: part.contentType });
    uploadedPaths.set(uploaded, file);
    return uploaded;
  }

  let raw: FormData;
  try {
    // Remix's streaming parser, given a Content-Type it can read without surprises.
    const parsed = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    raw = await unstable_parseMultipartFormData(parsed, onPart);
  } catch (error) {
    body.release();
    await cleanup();
    // Anything else is a body that is not what it claims to be, or a client that went away.
    return refuse(request, error instanceof FormRefusal ? error : new FormRefusal(400, SOMETHING_WENT_WRONG), body.source, draft);
  }
  body.release();
  discardRest(body.source); // an epilogue after the last boundary, if any
  const formData = new FormData();
  try {
    for (const [name, value] of raw) {
      if (typeof value === "string") addField(formData, name, value);
      else formData.append(name, value);
    }
    const intent = formData.get("intent");
    if (rules?.intents && !rules.intents.includes(typeof intent === "string" ? intent : "")) throw new FormRefusal(415, SOMETHING_WENT_WRONG);
  } catch (error) {
    await cleanup();
    if (error instanceof FormRefusal) return { ok: false, status: error.status, message: error.message, field: error.field };
    throw error;
  }
  return { ok: true, formData, cleanup };
}
