// One way in for a new post or comment, whether it came from a plain form
// (no JS) or from the composer's upload with a progress bar (JS): parse the
// multipart body, check it with the shared schema, store the media, create.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SubmissionResult } from "@conform-to/react";
import {
  data,
  redirect,
  NodeOnDiskFile,
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  MaxPartSizeExceededError,
} from "@remix-run/node";
import { createPost, PostError } from "~/models/posts.server";
import { commentSchema, postSchema } from "~/schemas/post";
import { parseWithSchema } from "~/utils/form";
import { MAX_VIDEO_BYTES, TOO_LARGE } from "~/utils/media-rules";
import { textToBlocks } from "~/utils/rich-text";
import { alertCookie, redirectWithAlert } from "~/services/alerts.server";
import { MediaError, removeMedia, storeMedia } from "~/services/media.server";
import { newId } from "~/services/db.server";
import { consume } from "~/services/rate-limit.server";

const UPLOAD_TMP = path.join(os.tmpdir(), "campus-uploads");

/**
 * The request's form data with uploaded files on disk (never all in memory),
 * each wrapped as a real File backed by its temporary file.
 */
export async function readPostForm(request: Request): Promise<{ formData: FormData; cleanup: () => void }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) return { formData: await request.formData(), cleanup: () => {} };
  fs.mkdirSync(UPLOAD_TMP, { recursive: true });
  const temp: string[] = [];
  const handler = unstable_composeUploadHandlers(
    unstable_createFileUploadHandler({ directory: UPLOAD_TMP, maxPartSize: MAX_VIDEO_BYTES, avoidFileConflicts: true, filter: ({ filename }) => Boolean(filename) }),
    unstable_createMemoryUploadHandler({ maxPartSize: 64 * 1024 }),
  );
  const raw = await unstable_parseMultipartFormData(request, handler);
  const formData = new FormData();
  for (const [name, value] of raw.entries()) {
    if (value instanceof NodeOnDiskFile) {
      const file = value.getFilePath();
      temp.push(file);
      formData.append(name, new File([await fs.openAsBlob(file)], value.name, { type: value.type }));
    } else {
      formData.append(name, value);
    }
  }
  return { formData, cleanup: () => temp.forEach((f) => fs.rmSync(f, { force: true })) };
}

export const TOO_FAST = "You're posting too fast. Please wait a few minutes and try again.";

export type SubmitResult =
  | { ok: true; id: string }
  | { ok: false; status: number; reply: SubmissionResult<string[]> };

export type SubmitTarget =
  | { kind: "post" }
  | { kind: "comment"; parentId: string }
  | { kind: "game-comment"; gameId: string }
  | { kind: "project-comment"; projectId: string };

/**
 * Reads the form (see readPostForm), or says why it could not: a file over the
 * size limit stops the upload before the rest of the form is read.
 */
export async function readPostFormOrRefuse(request: Request) {
  try {
    return { form: await readPostForm(request) } as const;
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return { refused: { ok: false, status: 413, reply: { status: "error", error: { files: [TOO_LARGE] } } } satisfies SubmitResult } as const;
    }
    throw error;
  }
}

/** Checks a composer's form data with the shared schema, stores its media and creates the post. */
export async function submitPost(
  formData: FormData,
  opts: { authorId: string; campusId: string; origin: string; target: SubmitTarget },
): Promise<SubmitResult> {
  const schema = opts.target.kind === "post" ? postSchema : commentSchema;
  const submission = parseWithSchema(formData, schema);
  if (submission.status !== "success") return { ok: false, status: 400, reply: submission.reply() };
  const value = submission.value as { text?: string; category?: string; files: File[] };
  const limit = await consume(opts.target.kind === "post" ? "postsPerUser" : "commentsPerUser", opts.authorId);
  if (!limit.ok) return { ok: false, status: 429, reply: submission.reply({ formErrors: [TOO_FAST] }) };
  const id = newId();
  let media;
  try {
    media = await storeMedia(`posts/${id}`, value.files);
  } catch (error) {
    if (error instanceof MediaError) return { ok: false, status: error.status, reply: submission.reply({ fieldErrors: { files: [error.message] } }) };
    throw error;
  }
  try {
    await createPost({
      id,
      authorId: opts.authorId,
      campusId: opts.campusId,
      blocks: textToBlocks(value.text),
      category: value.category,
      media,
      origin: opts.origin,
      parentId: opts.target.kind === "comment" ? opts.target.parentId : null,
      gameId: opts.target.kind === "game-comment" ? opts.target.gameId : null,
      projectId: opts.target.kind === "project-comment" ? opts.target.projectId : null,
    });
  } catch (error) {
    await removeMedia(media);
    if (error instanceof PostError) return { ok: false, status: error.status, reply: submission.reply({ formErrors: [error.message] }) };
    throw error;
  }
  return { ok: true, id };
}

/** /create/comment/{id}?type=post|game|project (§2): what a comment answers. */
export function commentTarget(id: string, type: string | null): SubmitTarget {
  if (type === "game") return { kind: "game-comment", gameId: id };
  if (type === "project") return { kind: "project-comment", projectId: id };
  return { kind: "comment", parentId: id };
}

const SENT = {
  post: "Your post was sent.",
  comment: "Your reply was sent",
} as const;

/** Where a new comment's author goes back to by default. */
export function defaultGoBack(target: SubmitTarget): string {
  switch (target.kind) {
    case "post":
      return "/home";
    case "comment":
      return `/post/${target.parentId}`;
    case "game-comment":
      return `/game/${target.gameId}?show=comments`;
    case "project-comment":
      return `/project/${target.projectId}?show=comments`;
  }
}

/**
 * The composer routes' action (no JS): send, or close — which, with a draft,
 * comes back asking "Discard Post?" with the draft still in the form.
 */
export async function composerAction(
  request: Request,
  opts: { authorId: string; campusId: string; origin: string; target: SubmitTarget; goBack: string },
) {
  const read = await readPostFormOrRefuse(request);
  if (read.refused) return data({ reply: read.refused.reply, askDiscard: false }, { status: read.refused.status });
  const { formData, cleanup } = read.form!;
  try {
    const intent = formData.get("intent");
    if (intent === "close" || intent === "keep") {
      const text = String(formData.get("text") ?? "");
      const category = String(formData.get("category") ?? "all");
      if (intent === "close" && !text.trim()) return redirect(opts.goBack);
      return data({ reply: { initialValue: { text, category } } as SubmissionResult<string[]>, askDiscard: intent === "close" });
    }
    const result = await submitPost(formData, opts);
    if (!result.ok) return data({ reply: result.reply, askDiscard: false }, { status: result.status });
    const kind = opts.target.kind === "post" ? "post" : "comment";
    return redirectWithAlert(kind === "post" ? opts.goBack : `${opts.goBack}#post-${result.id}`, {
      type: "success",
      message: SENT[kind],
      postId: result.id,
    });
  } finally {
    cleanup();
  }
}

/** The composer's upload with progress (JS): the same checks, answered as JSON. */
export async function uploadAction(
  request: Request,
  opts: { authorId: string; campusId: string; origin: string; resolveTarget: (form: FormData) => { target: SubmitTarget; goBack: string } | null },
) {
  const read = await readPostFormOrRefuse(request);
  if (read.refused) return Response.json({ ok: false, reply: read.refused.reply }, { status: read.refused.status });
  const { formData, cleanup } = read.form!;
  try {
    const resolved = opts.resolveTarget(formData);
    if (!resolved) return Response.json({ ok: false, reply: { status: "error", error: { "": ["Something went wrong."] } } }, { status: 400 });
    const result = await submitPost(formData, { ...opts, target: resolved.target });
    if (!result.ok) return Response.json({ ok: false, reply: result.reply }, { status: result.status });
    const kind = resolved.target.kind === "post" ? "post" : "comment";
    const redirectTo = kind === "post" ? resolved.goBack : `${resolved.goBack}#post-${result.id}`;
    const cookie = await alertCookie({ type: "success", message: SENT[kind], postId: result.id });
    return Response.json({ ok: true, redirectTo }, { headers: { "Set-Cookie": cookie } });
  } finally {
    cleanup();
  }
}
