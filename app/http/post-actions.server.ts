// A post's, game's or project's buttons over HTTP (their forms post to the
// item's page): save with JS answers data for an in-place update, without a
// redirect back; delete and the listing buttons answer with an alert.
import { data, redirect } from "@remix-run/node";
import type { LikeTarget } from "../../db/schema";
import { changeListingStatus, deleteOwnPost, renewOwnListing, SAVED_MESSAGE, toggleSave, type PostActionRefusal } from "~/flows/post-actions.server";
import type { User } from "~/models/users.server";
import { alertCookie, redirectWithAlert } from "~/services/alerts.server";
import { siteOrigin } from "~/services/urls.server";
import { safePath } from "~/utils/navigation";

/** A refused save: with JS, data the Save button shows; without, the error page with the reason. */
export function refuseSave(form: FormData, message: string, status: 403 | 429) {
  if (form.get("async") === "1") return data({ error: message }, { status });
  throw new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Save / unsave, once the caller's permission check ("post.save", "portfolio.save") allowed it; back to `returnTo`. */
export async function likeAction(request: Request, form: FormData, user: User, id: string, type: LikeTarget = "post") {
  const returnTo = safePath(String(form.get("returnTo") ?? ""), `/${type}/${id}`);
  const result = await toggleSave(user, id, type, siteOrigin(request));
  if (!result.ok) {
    if (result.code === "TOO_MANY") return refuseSave(form, result.message, 429);
    throw new Response("Not Found", { status: 404 });
  }
  const saved = { saved: result.saved, count: result.count };
  // "Post saved." / "Game saved." / "project saved." only when adding (docs/product.md §8).
  const alert = result.saved ? await alertCookie(request, { type: "success", message: SAVED_MESSAGE[type] }) : null;
  if (form.get("async") === "1") return data(saved, alert ? { headers: { "Set-Cookie": alert } } : undefined);
  return redirect(returnTo, alert ? { headers: { "Set-Cookie": alert } } : undefined);
}

/** 403, 404 and a malformed form as error pages (whatever the form said); a rule's refusal as an alert on `back`. */
function refused(request: Request, back: string, refusal: PostActionRefusal): Promise<Response> {
  if (refusal.code === "FORBIDDEN" || refusal.code === "NOT_FOUND" || refusal.code === "BAD_REQUEST") throw new Response(refusal.message, { status: refusal.status });
  return redirectWithAlert(request, back, { type: "danger", message: refusal.message });
}

/** Delete after the confirmation; the author only (others get 403). */
export async function deleteAction(request: Request, form: FormData, userId: string, postId: string) {
  const returnTo = safePath(String(form.get("returnTo") ?? ""), "/home");
  const result = await deleteOwnPost(userId, postId);
  if (!result.ok) return refused(request, returnTo, result);
  return redirectWithAlert(request, returnTo, { type: "success", message: result.message });
}

/** Mark as pending / sold / available (the post page's buttons). */
export async function statusAction(request: Request, form: FormData, userId: string, postId: string) {
  const buyer = form.get("buyer");
  const result = await changeListingStatus(userId, postId, String(form.get("status") ?? ""), typeof buyer === "string" ? buyer : null);
  if (!result.ok) return refused(request, `/post/${postId}`, result);
  return redirectWithAlert(request, `/post/${postId}`, { type: "success", message: result.message });
}

/** Renew (the post page's button; the caller checked "post.manage"). */
export async function renewAction(request: Request, user: User, postId: string) {
  const result = await renewOwnListing(user.id, postId);
  if (!result.ok) return refused(request, `/post/${postId}`, result);
  return redirectWithAlert(request, `/post/${postId}`, { type: "success", message: result.message });
}
