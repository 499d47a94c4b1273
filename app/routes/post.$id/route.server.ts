// /post/{id}: the post and its thread; saves, comments, report, delete, and
// the author's listing buttons (status, renew).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isPostPageIntent, POST_PAGE_INTENTS, postPage } from "~/flows/post-page.server";
import { submitPost } from "~/flows/post-submission.server";
import { linkPreviewTags, postPreview } from "~/http/link-previews.server";
import { checkPermission, refusalResponse } from "~/http/permissions.server";
import { deleteAction, likeAction, refuseSave, renewAction, statusAction } from "~/http/post-actions.server";
import { readCommentPageForm } from "~/http/post-submission.server";
import { reportAction } from "~/http/reports.server";
import { campusForRequest } from "~/http/campus.server";
import { can, postTarget, type PermissionRefusal } from "~/models/permissions.server";
import { reportPost } from "~/models/reports.server";
import { commentSchema, reportSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { isMultipart, readDraft } from "~/services/form.server";
import { getOptionalUser } from "~/services/session.server";
import { siteOrigin } from "~/services/urls.server";
import { parseWithSchema } from "~/utils/form";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const campus = await campusForRequest(request);
  const viewer = await getOptionalUser(request);
  const search = new URL(request.url).searchParams;
  const page = await postPage({
    id: params.id ?? "",
    viewerId: viewer?.id,
    timeZone: campus.timeZone,
    commentsCursor: search.get("comments"),
    // The Mark as sold confirmation (?confirm=mark-sold, components/listing-confirm.tsx) lists who may have bought it.
    choosingBuyer: search.get("confirm") === "mark-sold",
  });
  if (page.status === "missing") return data(page, { status: 404 });
  if (page.status === "deleted") return data(page, { status: 410 });
  return { ...page, preview: linkPreviewTags(postPreview(page.post, campus)) };
}

/** A refused form of this page, shown the way its intent shows answers: the draft back where there is one. */
function refusePostPage(form: FormData, refusal: PermissionRefusal): Response | ReturnType<typeof data> {
  const intent = form.get("intent");
  if (refusal.status === 404) throw refusalResponse(refusal);
  if (intent === "like") return refuseSave(form, refusal.message, refusal.status);
  if (intent === "comment") return data(parseWithSchema(form, commentSchema).reply({ formErrors: [refusal.message] }), { status: refusal.status });
  if (intent === "report") return data({ report: parseWithSchema(form, reportSchema).reply({ formErrors: [refusal.message] }) }, { status: refusal.status });
  throw refusalResponse(refusal);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  // Only a comment carries files. Who may send one is decided before its body is read;
  // everything else on this page is a small form-encoded body.
  const upload = isMultipart(request);
  const gate = await checkPermission(request, upload ? "post.comment" : "post.manage", { post: id });
  const { user, campus } = gate;
  if (gate.refusal) return refusePostPage(await readDraft(request), gate.refusal);
  const read = await readCommentPageForm(request, user.id);
  if (read.refused) return read.refused;
  const { formData, cleanup } = read.form;
  try {
    const intent = formData.get("intent");
    if (!isPostPageIntent(intent)) throw new Response("Bad Request", { status: 400 });
    const decision = await can(user, POST_PAGE_INTENTS[intent], { campusId: campus.id, target: await postTarget(id, user.id) });
    if (!decision.allowed) return refusePostPage(formData, decision.refusal);
    if (intent === "like") return await likeAction(request, formData, user, id);
    if (intent === "delete") return await deleteAction(request, formData, user.id, id);
    if (intent === "status") return await statusAction(request, formData, user.id, id);
    if (intent === "renew") return await renewAction(request, user, id);
    if (intent === "report") return await reportAction(request, formData, user, (details) => reportPost({ reporterId: user.id, postId: id, ...details }), `/post/${id}`);
    const result = await submitPost(formData, { author: user, campusId: campus.id, origin: siteOrigin(request), target: { kind: "comment", parentId: id } });
    if (!result.ok) return data(result.reply, { status: result.status });
    return redirectWithAlert(request, `/post/${id}#post-${result.id}`, { type: "success", message: "Your reply was sent" });
  } finally {
    await cleanup();
  }
}
