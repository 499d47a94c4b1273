// The loader and action /project/{id} and /game/{id} share: ?show=about|comments
// as URL state, saves, comments through the post machinery, the owner's delete.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deletePortfolio, isPortfolioIntent, PORTFOLIO_INTENTS, portfolioPage, type PortfolioTab } from "~/flows/portfolio-page.server";
import { commentTarget, submitPost } from "~/flows/post-submission.server";
import { campusForRequest } from "~/http/campus.server";
import { can, portfolioTarget, type PermissionRefusal } from "~/models/permissions.server";
import type { PortfolioKind } from "~/models/portfolio.server";
import { commentSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { isMultipart, readDraft } from "~/services/form.server";
import { getOptionalUser } from "~/services/session.server";
import { siteOrigin } from "~/services/urls.server";
import { parseWithSchema } from "~/utils/form";
import { safePath } from "~/utils/navigation";
import { linkPreviewTags, portfolioPreview } from "./link-previews.server";
import { checkPermission, refusalResponse } from "./permissions.server";
import { likeAction, refuseSave } from "./post-actions.server";
import { readCommentPageForm } from "./post-submission.server";

export function tabOf(request: Request): PortfolioTab {
  return new URL(request.url).searchParams.get("show") === "comments" ? "comments" : "about";
}

export async function portfolioLoader(kind: PortfolioKind, { request, params }: LoaderFunctionArgs) {
  const campus = await campusForRequest(request);
  const viewer = await getOptionalUser(request);
  const page = await portfolioPage(kind, {
    id: params.id ?? "",
    viewer,
    timeZone: campus.timeZone,
    show: tabOf(request),
    commentsCursor: new URL(request.url).searchParams.get("comments"),
  });
  if (page.status !== "ok") return data(page, { status: page.status === "missing" ? 404 : 410 });
  return { ...page, preview: linkPreviewTags(portfolioPreview(page.item, campus)) };
}

/** A refused form of this page: a save as the Save button shows refusals, a comment with its draft back. */
function refusePortfolioPage(form: FormData, refusal: PermissionRefusal) {
  if (refusal.status === 404) throw refusalResponse(refusal);
  const intent = form.get("intent");
  if (intent === "like") return refuseSave(form, refusal.message, refusal.status);
  if (intent === "comment") return data(parseWithSchema(form, commentSchema).reply({ formErrors: [refusal.message] }), { status: refusal.status });
  throw refusalResponse(refusal);
}

/** Save, comment, or (the owner) delete; every rule is checked here, before the body is read. */
export async function portfolioAction(kind: PortfolioKind, { request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const subject = kind === "game" ? { game: id } : { project: id };
  // Only a comment carries files: who may send one is decided before its body is read.
  const upload = isMultipart(request);
  const gate = await checkPermission(request, upload ? "portfolio.comment" : "portfolio.manage", upload ? subject : null);
  const { user, campus } = gate;
  if (gate.refusal) return refusePortfolioPage(await readDraft(request), gate.refusal);
  const read = await readCommentPageForm(request, user.id);
  if (read.refused) return read.refused;
  const { formData, cleanup } = read.form;
  const page = `/${kind}/${id}`;
  try {
    const intent = formData.get("intent");
    if (!isPortfolioIntent(intent)) throw new Response("Bad Request", { status: 400 });
    // Deleting an item already deleted says so (the flow answers); the others need the item to be there.
    const target = intent === "delete" ? undefined : await portfolioTarget(kind, id);
    const decision = await can(user, PORTFOLIO_INTENTS[intent], { campusId: campus.id, target });
    if (!decision.allowed) return refusePortfolioPage(formData, decision.refusal);
    if (intent === "like") return await likeAction(request, formData, user, id, kind);
    if (intent === "comment") {
      const result = await submitPost(formData, { author: user, campusId: campus.id, origin: siteOrigin(request), target: commentTarget(id, kind) });
      if (!result.ok) return data(result.reply, { status: result.status });
      return redirectWithAlert(request, `${page}?show=comments#post-${result.id}`, { type: "success", message: "Your reply was sent", postId: result.id });
    }
    const returnTo = safePath(String(formData.get("returnTo") ?? ""), `/${user.username}?show=${kind}s`);
    const deleted = await deletePortfolio(kind, id, user);
    if (deleted.ok) return redirectWithAlert(request, returnTo, { type: "success", message: deleted.message });
    if (deleted.code === "FORBIDDEN" || deleted.code === "NOT_FOUND") throw new Response(deleted.message, { status: deleted.status });
    // Nothing was deleted (or it already was): stay on the page, with the reason.
    return redirectWithAlert(request, page, { type: "danger", message: deleted.message });
  } finally {
    await cleanup();
  }
}
