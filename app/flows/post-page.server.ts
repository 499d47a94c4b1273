// The loader and action of a post's page, /post/{id} (docs/product.md §6): the post with
// the posts it replies to and its thread; saves, comments, delete, and the
// author's listing buttons (status, renew).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { campusForRequest } from "~/models/campuses.server";
import { getListingRow, listingState } from "~/models/listings.server";
import { getParentChain, getPost, getThread, type ParentChain } from "~/models/posts.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { getOptionalUser } from "~/services/session.server";
import { isMultipart, readDraft } from "~/services/form.server";
import { can, postTarget, type PermissionRefusal } from "~/models/permissions.server";
import { commentSchema, reportSchema } from "~/schemas/index.server";
import { parseWithSchema } from "~/utils/form";
import { checkPermission, refusalResponse } from "./permissions.server";
import { siteOrigin } from "~/services/urls.server";
import type { ListingControlsView } from "~/types/views";
import { LISTING_STATUSES, STATUS_ACTIONS } from "~/utils/listings";
import { timeView } from "~/services/time.server";
import { reportPost } from "~/models/reports.server";
import { deleteAction, likeAction, refuseSave, renewAction, statusAction } from "./post-actions.server";
import { reportAction } from "./reports.server";
import { readCommentPageForm, submitPost } from "./post-submission.server";

const NO_CHAIN: ParentChain = { root: null, skipped: false, nearest: [] };

export async function postPageLoader({ request, params }: LoaderFunctionArgs) {
  const campus = await campusForRequest(request);
  const viewer = await getOptionalUser(request);
  const found = await getPost(params.id ?? "", campus.timeZone, viewer?.id);
  const none = { post: null, chain: NO_CHAIN, comments: [], nextComments: null, listing: null, mine: false };
  if (found.status === "missing") return data({ status: "missing" as const, ...none }, { status: 404 });
  if (found.status === "deleted") return data({ status: "deleted" as const, ...none }, { status: 410 });
  const post = found.post;
  // One page of what hangs below the post or reply: ?comments= is where the page starts (keyset).
  const thread = await getThread({ postId: post.id }, campus.timeZone, viewer?.id, new URL(request.url).searchParams.get("comments"));
  // The author's own top-level post: its listing buttons (status, renew, edit).
  const mine = viewer?.id === post.author.id && !post.parentId && !post.gameId && !post.projectId;
  const row = mine ? await getListingRow(post.id) : null;
  const state = row ? listingState(row) : null;
  const listing: ListingControlsView | null =
    state?.isListing
      ? {
          status: state.status,
          moves: LISTING_STATUSES.filter((s) => s !== state.status).map((s) => ({ status: s, label: STATUS_ACTIONS[s].button })),
          expired: state.expired,
          renewable: state.renewable,
          nextRenew: timeView(state.nextRenewAt, campus.timeZone),
        }
      : null;
  const chain = await getParentChain(post, campus.timeZone, viewer?.id);
  return { status: "ok" as const, post, chain, comments: thread.comments, nextComments: thread.nextCursor, listing, mine };
}

/** Intents of the post page and the rule each one needs beyond seeing the post (checked before the body is read). */
const POST_PAGE_INTENTS = { like: "post.save", comment: "post.comment", report: "post.report", delete: "post.manage", status: "post.manage", renew: "post.manage" } as const;
type PostPageIntent = keyof typeof POST_PAGE_INTENTS;
const isPostPageIntent = (value: unknown): value is PostPageIntent => typeof value === "string" && Object.hasOwn(POST_PAGE_INTENTS, value);

/** A refused form of this page, shown the way its intent shows answers: the draft back where there is one. */
function refusePostPage(form: FormData, refusal: PermissionRefusal): Response | ReturnType<typeof data> {
  const intent = form.get("intent");
  if (refusal.status === 404) throw refusalResponse(refusal);
  if (intent === "like") return refuseSave(form, refusal.message, refusal.status);
  if (intent === "comment") return data(parseWithSchema(form, commentSchema).reply({ formErrors: [refusal.message] }), { status: refusal.status });
  if (intent === "report") return data({ report: parseWithSchema(form, reportSchema).reply({ formErrors: [refusal.message] }) }, { status: refusal.status });
  throw refusalResponse(refusal);
}

export async function postPageAction({ request, params }: ActionFunctionArgs) {
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
