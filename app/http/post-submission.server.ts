// The composer's forms over HTTP: read the multipart body (files on disk as
// they arrive), answer a refusal, a new post or comment, or a saved edit as a
// redirect with an alert, the draft back, or JSON for the upload with a
// progress bar. What a post is and may be is decided in
// app/flows/post-submission.server.ts.
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import {
  draftOf,
  editDraft,
  findPostForEdit,
  POST_UPDATED,
  POST_UPLOADS,
  saveEdit,
  SENT,
  submitPost,
  type SubmitOpts,
  type SubmitResult,
} from "~/flows/post-submission.server";
import type { PermissionRefusal } from "~/models/permissions.server";
import type { User } from "~/models/users.server";
import { commentSchema, editPostSchema, postSchema } from "~/schemas/post";
import { alertCookie, redirectWithAlert } from "~/services/alerts.server";
import { isMultipart, readDraft, readForm, readUploadForm } from "~/services/form.server";
import { parseWithSchema } from "~/utils/form";
import { safePath } from "~/utils/navigation";

/**
 * Reads a composer's form (files on disk as they arrive, see readUploadForm),
 * or says why it could not: too many files, one too large, an overlong field
 * or a malformed body stops the reading there.
 */
export async function readPostFormOrRefuse(request: Request, userId: string, intents?: readonly string[]) {
  const read = await readUploadForm(request, intents ? { ...POST_UPLOADS, intents } : POST_UPLOADS, userId);
  if (read.ok) return { form: read } as const;
  return { refused: { ok: false, status: read.status, reply: { status: "error", initialValue: read.draft ?? null, error: { [read.field ?? ""]: [read.message] } } } satisfies SubmitResult } as const;
}

/**
 * The form of a page whose only intent with files is a comment (a post's, a
 * game's or a project's page), read once the permission rule allowed it: an
 * upload as a comment's files (another intent is refused with 415), anything
 * else as a small form-encoded body.
 */
export async function readCommentPageForm(request: Request, userId: string) {
  if (!isMultipart(request)) return { form: { formData: await readForm(request), cleanup: async () => {} } } as const;
  const read = await readPostFormOrRefuse(request, userId, ["comment"]);
  if (read.refused) return { refused: data(read.refused.reply, { status: read.refused.status }) } as const;
  return { form: read.form! } as const;
}

/**
 * The composer routes' action (no JS): send, or close — which, with a draft,
 * comes back asking "Discard Post?" with the draft still in the form.
 */
export async function composerAction(request: Request, opts: SubmitOpts & { goBack: string; refusal: PermissionRefusal | null }) {
  // Refused before the body is read: only its text comes back, as the draft (no file is written).
  if (opts.refusal) {
    if (opts.refusal.status === 404) throw new Response("Not Found", { status: 404 });
    const draft = await readDraft(request);
    const reply = parseWithSchema(draft, opts.target.kind === "post" ? postSchema : commentSchema).reply({ formErrors: [opts.refusal.message] });
    return data({ reply, askDiscard: false }, { status: opts.refusal.status });
  }
  const read = await readPostFormOrRefuse(request, opts.author.id);
  if (read.refused) return data({ reply: read.refused.reply, askDiscard: false }, { status: read.refused.status });
  const { formData, cleanup } = read.form!;
  try {
    const intent = formData.get("intent");
    if (intent === "close" || intent === "keep") {
      const draft = draftOf(formData);
      if (intent === "close" && !(draft.text ?? "").trim()) return redirect(safePath(opts.goBack));
      return data({ reply: { initialValue: { category: "all", ...draft } } as SubmissionResult<string[]>, askDiscard: intent === "close" });
    }
    const result = await submitPost(formData, opts);
    if (!result.ok) return data({ reply: result.reply, askDiscard: false }, { status: result.status });
    const kind = opts.target.kind === "post" ? "post" : "comment";
    const goBack = safePath(opts.goBack);
    return redirectWithAlert(request, kind === "post" ? goBack : `${goBack}#post-${result.id}`, {
      type: "success",
      message: SENT[kind],
      postId: result.id,
    });
  } finally {
    await cleanup();
  }
}

/** The composer's upload with progress (JS): the same checks, answered as JSON. */
export async function uploadAction(request: Request, opts: SubmitOpts & { refusal: PermissionRefusal | null; goBack: (form: FormData) => string }) {
  // Every upload is a post or a comment, named in the address: refused before a byte of it is read.
  if (opts.refusal) {
    if (opts.refusal.status === 404) throw new Response("Not Found", { status: 404 });
    return Response.json({ ok: false, reply: { status: "error", error: { "": [opts.refusal.message] } } }, { status: opts.refusal.status });
  }
  const read = await readPostFormOrRefuse(request, opts.author.id);
  if (read.refused) return Response.json({ ok: false, reply: read.refused.reply }, { status: read.refused.status });
  const { formData, cleanup } = read.form!;
  try {
    const result = await submitPost(formData, opts);
    if (!result.ok) return Response.json({ ok: false, reply: result.reply }, { status: result.status });
    const kind = opts.target.kind === "post" ? "post" : "comment";
    const goBack = safePath(opts.goBack(formData));
    const redirectTo = kind === "post" ? goBack : `${goBack}#post-${result.id}`;
    const cookie = await alertCookie(request, { type: "success", message: SENT[kind], postId: result.id });
    return Response.json({ ok: true, redirectTo }, { headers: { "Set-Cookie": cookie } });
  } finally {
    await cleanup();
  }
}

/** The author's post for the edit page, or the error page: 404, or 403 for anyone else. */
export async function postForEdit(postId: string, userId: string) {
  const found = await findPostForEdit(postId, userId);
  if (!found.ok) throw new Response(found.message, { status: found.status });
  return found;
}

/**
 * The edit page's action: save, or close — which,
 * with changes, comes back asking "Discard changes?" with the draft kept.
 */
export async function editAction(request: Request, opts: { author: User; campusId: string; postId: string; refusal: PermissionRefusal | null }) {
  const found = await postForEdit(opts.postId, opts.author.id);
  // Suspended: refused before the body is read, with the text of the draft back.
  if (opts.refusal) {
    if (opts.refusal.status === 404) throw new Response("Not Found", { status: 404 });
    const reply = parseWithSchema(await readDraft(request), editPostSchema).reply({ formErrors: [opts.refusal.message] });
    return data({ reply, askDiscard: false }, { status: opts.refusal.status });
  }
  const read = await readPostFormOrRefuse(request, opts.author.id);
  if (read.refused) return data({ reply: read.refused.reply, askDiscard: false }, { status: read.refused.status });
  const { formData, cleanup } = read.form!;
  const back = `/post/${opts.postId}`;
  try {
    const intent = formData.get("intent");
    if (intent === "close" || intent === "keep") {
      const { changed, initialValue } = editDraft(formData, found);
      if (intent === "close" && !changed) return redirect(back);
      return data({ reply: { initialValue } as SubmissionResult<string[]>, askDiscard: intent === "close" });
    }
    const saved = await saveEdit(formData, { author: opts.author, campusId: opts.campusId, found });
    if (saved.ok) return redirectWithAlert(request, back, { type: "success", message: POST_UPDATED });
    if (saved.code !== "INVALID") throw new Response(saved.message, { status: saved.status });
    return data({ reply: saved.reply, askDiscard: false }, { status: saved.status });
  } finally {
    await cleanup();
  }
}
