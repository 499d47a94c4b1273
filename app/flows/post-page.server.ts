// The loader and action of a post's page, /post/{id} (spec §2): the post with
// the posts it replies to and its thread; saves, comments, delete, and the
// author's listing buttons (status, renew).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { campusForRequest } from "~/models/campuses.server";
import { getListingRow, listingState } from "~/models/listings.server";
import { getParentChain, getPost, getThread, type ParentChain } from "~/models/posts.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { getOptionalUser, requireUser } from "~/services/session.server";
import { siteOrigin } from "~/services/urls.server";
import type { ListingControlsView } from "~/types/views";
import { LISTING_STATUSES, STATUS_ACTIONS } from "~/utils/listings";
import { timeView } from "~/utils/time.server";
import { reportPost } from "~/models/reports.server";
import { deleteAction, likeAction, renewAction, statusAction } from "./post-actions.server";
import { reportAction } from "./reports.server";
import { readPostFormOrRefuse, submitPost } from "./post-submission.server";

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

export async function postPageAction({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const user = await requireUser(request);
  const read = await readPostFormOrRefuse(request);
  if (read.refused) return data(read.refused.reply, { status: read.refused.status });
  const form = read.form!;
  try {
    const intent = form.formData.get("intent");
    if (intent === "like") return await likeAction(request, form.formData, user, id);
    if (intent === "delete") return await deleteAction(request, form.formData, user.id, id);
    if (intent === "status") return await statusAction(request, form.formData, user.id, id);
    if (intent === "renew") return await renewAction(request, user, id);
    if (intent === "report") return await reportAction(request, form.formData, user, (details) => reportPost({ reporterId: user.id, postId: id, ...details }), `/post/${id}`);
    if (intent === "comment") {
      const campus = await campusForRequest(request);
      const result = await submitPost(form.formData, { author: user, campusId: campus.id, origin: siteOrigin(request), target: { kind: "comment", parentId: id } });
      if (!result.ok) return data(result.reply, { status: result.status });
      return redirectWithAlert(request, `/post/${id}#post-${result.id}`, { type: "success", message: "Your reply was sent" });
    }
    throw new Response("Bad Request", { status: 400 });
  } finally {
    await form.cleanup();
  }
}
