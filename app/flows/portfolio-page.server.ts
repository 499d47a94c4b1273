// The loader and action shared by /project/{id} and /game/{id} (docs/product.md §20):
// about (the readme) or comments as URL state, saves, comments through the
// post machinery, and the owner's delete.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { campusForRequest } from "~/models/campuses.server";
import {
  canDeletePortfolio,
  DELETED_MESSAGE,
  deletePortfolioItem,
  ensurePortfolioFresh,
  getPortfolioItem,
  PortfolioError,
  type PortfolioKind,
} from "~/models/portfolio.server";
import { getThread } from "~/models/posts.server";
import { safePath } from "~/utils/navigation";
import { siteOrigin } from "~/services/urls.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { renderContent } from "~/services/content.server";
import { likeAction, refuseSave } from "./post-actions.server";
import { commentTarget, readCommentPageForm, submitPost } from "./post-submission.server";
import { getOptionalUser } from "~/services/session.server";
import { isMultipart, readDraft } from "~/services/form.server";
import { can, portfolioTarget, type PermissionRefusal } from "~/models/permissions.server";
import { commentSchema } from "~/schemas/index.server";
import { parseWithSchema } from "~/utils/form";
import { checkPermission, refusalResponse } from "./permissions.server";

export type PortfolioTab = "about" | "comments";

export function tabOf(request: Request): PortfolioTab {
  return new URL(request.url).searchParams.get("show") === "comments" ? "comments" : "about";
}

const FOLDER = { project: "projects", game: "games" } as const;

export async function portfolioLoader(kind: PortfolioKind, { request, params }: LoaderFunctionArgs) {
  await ensurePortfolioFresh();
  const id = params.id ?? "";
  const campus = await campusForRequest(request);
  const viewer = await getOptionalUser(request);
  const show = tabOf(request);
  const found = await getPortfolioItem(kind, id, viewer?.id);
  if (found.status !== "ok") {
    const status = found.status;
    return data({ status, kind, show, item: null, readme: null, comments: [], nextComments: null, canDelete: false }, { status: status === "missing" ? 404 : 410 });
  }
  // Only the open tab is loaded: the readme (cached HTML) or one page of the thread (?comments= is where it starts).
  const readme = show === "about" ? ((await renderContent(FOLDER[kind], id))?.html ?? null) : null;
  const cursor = new URL(request.url).searchParams.get("comments");
  const thread = show === "comments" ? await getThread(kind === "game" ? { gameId: id } : { projectId: id }, campus.timeZone, viewer?.id, cursor) : null;
  return {
    status: "ok" as const,
    kind,
    show,
    item: found.item,
    readme,
    comments: thread?.comments ?? [],
    nextComments: thread?.nextCursor ?? null,
    canDelete: canDeletePortfolio(viewer, found.item.owner.id),
  };
}

const DELETED_ALERT = { project: "Your project was deleted", game: "Your game was deleted" } as const;

/** Intents of a game's or project's page and the rule each one needs (checked before the body is read). */
const PORTFOLIO_INTENTS = { like: "portfolio.save", comment: "portfolio.comment", delete: "portfolio.manage" } as const;
type PortfolioIntent = keyof typeof PORTFOLIO_INTENTS;
const isPortfolioIntent = (value: unknown): value is PortfolioIntent => typeof value === "string" && Object.hasOwn(PORTFOLIO_INTENTS, value);

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
    // Deleting an item already deleted says so (the model answers); the others need the item to be there.
    const target = intent === "delete" ? undefined : await portfolioTarget(kind, id);
    const decision = await can(user, PORTFOLIO_INTENTS[intent], { campusId: campus.id, target });
    if (!decision.allowed) return refusePortfolioPage(formData, decision.refusal);
    if (intent === "like") return await likeAction(request, formData, user, id, kind);
    if (intent === "comment") {
      const result = await submitPost(formData, {
        author: user,
        campusId: campus.id,
        origin: siteOrigin(request),
        target: commentTarget(id, kind),
      });
      if (!result.ok) return data(result.reply, { status: result.status });
      return redirectWithAlert(request, `${page}?show=comments#post-${result.id}`, { type: "success", message: "Your reply was sent", postId: result.id });
    }
    if (intent === "delete") {
      const returnTo = safePath(String(formData.get("returnTo") ?? ""), `/${user.username}?show=${kind}s`);
      try {
        await deletePortfolioItem(kind, id, user);
      } catch (error) {
        if (!(error instanceof PortfolioError)) throw error;
        if (error.status === 403 || error.status === 404) throw new Response(error.message, { status: error.status });
        if (error.status === 410) return redirectWithAlert(request, page, { type: "danger", message: DELETED_MESSAGE[kind] });
        // "Couldn't delete … images" or "Something went wrong": nothing was deleted, stay on the page.
        return redirectWithAlert(request, page, { type: "danger", message: error.message });
      }
      return redirectWithAlert(request, returnTo, { type: "success", message: DELETED_ALERT[kind] });
    }
    throw new Response("Bad Request", { status: 400 });
  } finally {
    await cleanup();
  }
}
