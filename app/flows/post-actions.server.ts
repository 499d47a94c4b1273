// The actions a post or comment answers to, wherever its buttons are shown
// (feed, post page, profile): their forms post to /post/{id}. Saving is the
// same for games and projects (their pages call likeAction with the type).
import { data, redirect } from "@remix-run/node";
import type { LikeTarget } from "~/models/likes.server";
import { LikeError, toggleLike } from "~/models/likes.server";
import { recordEvent } from "~/models/events.server";
import { renewListing, setListingStatus } from "~/models/listings.server";
import { deletePost, PostError } from "~/models/posts.server";
import { LISTING_RENEWED, LISTING_STATUSES, STATUS_ACTIONS, type ListingStatus } from "~/utils/listings";
import type { User } from "~/models/users.server";
import { safePath } from "~/utils/navigation";
import { siteOrigin } from "~/services/urls.server";
import { alertCookie, redirectWithAlert } from "~/services/alerts.server";
import { consume } from "~/services/rate-limit.server";

const SAVED_MESSAGE: Record<LikeTarget, string> = { post: "Post saved.", game: "Game saved.", project: "project saved." };

export const TOO_MANY_SAVES = "You're saving too fast. Please wait a minute and try again.";

/** A refused save: with JS, data the Save button shows; without, the error page with the reason. */
export function refuseSave(form: FormData, message: string, status: 403 | 429) {
  if (form.get("async") === "1") return data({ error: message }, { status });
  throw new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Save / unsave a post, game or project, once the caller's permission check
 * ("post.save", "portfolio.save") allowed it. With JS ("async") the answer is
 * data for an in-place update; without, a redirect back to `returnTo`. A few
 * a second at most.
 */
export async function likeAction(request: Request, form: FormData, user: User, id: string, type: LikeTarget = "post") {
  const returnTo = safePath(String(form.get("returnTo") ?? ""), `/${type}/${id}`);
  if (!(await consume("savesPerUser", user.id)).ok) return refuseSave(form, TOO_MANY_SAVES, 429);
  let result;
  try {
    result = await toggleLike({ userId: user.id, type, id, origin: siteOrigin(request) });
  } catch (error) {
    if (error instanceof LikeError) throw new Response("Not Found", { status: 404 });
    throw error;
  }
  // "Post saved." / "Game saved." / "project saved." only when adding (docs/product.md §8).
  const alert = result.saved ? await alertCookie(request, { type: "success", message: SAVED_MESSAGE[type] }) : null;
  if (form.get("async") === "1") return data(result, alert ? { headers: { "Set-Cookie": alert } } : undefined);
  return redirect(returnTo, alert ? { headers: { "Set-Cookie": alert } } : undefined);
}

/** Delete after the confirmation; the author only (others get 403). */
export async function deleteAction(request: Request, form: FormData, userId: string, postId: string) {
  const returnTo = safePath(String(form.get("returnTo") ?? ""), "/home");
  try {
    const { wasComment, campusId } = await deletePost(postId, userId);
    if (!wasComment) await recordEvent("Delete Post", { userId, campusId });
    return redirectWithAlert(request, returnTo, { type: "success", message: wasComment ? "Comment Removed" : "Your post was deleted" });
  } catch (error) {
    if (error instanceof PostError && error.status === 403) throw new Response("Forbidden", { status: 403 });
    if (error instanceof PostError && error.status === 404) throw new Response("Not Found", { status: 404 });
    if (error instanceof PostError) return redirectWithAlert(request, returnTo, { type: "danger", message: error.message });
    return redirectWithAlert(request, returnTo, { type: "danger", message: "Something went wrong" });
  }
}

/** A listing change refused: 403 and 404 as error pages (whatever the form said), the rest as an alert on the post. */
async function refuseListingChange(request: Request, postId: string, error: unknown): Promise<Response> {
  if (error instanceof PostError && error.status === 403) throw new Response("Forbidden", { status: 403 });
  if (error instanceof PostError && error.status === 404) throw new Response("Not Found", { status: 404 });
  if (error instanceof PostError) return redirectWithAlert(request, `/post/${postId}`, { type: "danger", message: error.message });
  throw error;
}

/** Mark as pending / sold / available (the post page's buttons): the author only. */
export async function statusAction(request: Request, form: FormData, userId: string, postId: string) {
  const status = String(form.get("status") ?? "");
  if (!(LISTING_STATUSES as readonly string[]).includes(status)) throw new Response("Bad Request", { status: 400 });
  try {
    await setListingStatus({ postId, userId, status: status as ListingStatus });
  } catch (error) {
    return refuseListingChange(request, postId, error);
  }
  return redirectWithAlert(request, `/post/${postId}`, { type: "success", message: STATUS_ACTIONS[status as ListingStatus].done });
}

/** Renew (the post page's button): back to the top of the feed, the author only, once every 48 hours (the caller checked "post.manage"). */
export async function renewAction(request: Request, user: User, postId: string) {
  const userId = user.id;
  try {
    await renewListing({ postId, userId });
  } catch (error) {
    return refuseListingChange(request, postId, error);
  }
  return redirectWithAlert(request, `/post/${postId}`, { type: "success", message: LISTING_RENEWED });
}
