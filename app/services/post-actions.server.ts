// The actions a post or comment answers to, wherever its buttons are shown
// (feed, post page, profile): their forms post to /post/{id}.
import { data, redirect } from "@remix-run/node";
import { LikeError, toggleLike } from "~/models/likes.server";
import { recordEvent } from "~/models/events.server";
import { deletePost, PostError } from "~/models/posts.server";
import { safePath } from "~/utils/navigation";
import { siteOrigin } from "~/services/urls.server";
import { alertCookie, redirectWithAlert } from "./alerts.server";

/** Save / unsave. With JS ("async") the answer is data for an in-place update. */
export async function likeAction(request: Request, form: FormData, userId: string, postId: string) {
  const returnTo = safePath(String(form.get("returnTo") ?? ""), `/post/${postId}`);
  let result;
  try {
    result = toggleLike({ userId, type: "post", id: postId, origin: siteOrigin(request) });
  } catch (error) {
    if (error instanceof LikeError) throw new Response("Not Found", { status: 404 });
    throw error;
  }
  // "Post saved." only when adding (§4).
  const alert = result.saved ? await alertCookie({ type: "success", message: "Post saved." }) : null;
  if (form.get("async") === "1") return data(result, alert ? { headers: { "Set-Cookie": alert } } : undefined);
  return redirect(returnTo, alert ? { headers: { "Set-Cookie": alert } } : undefined);
}

/** Delete after the confirmation; the author only (others get 403). */
export async function deleteAction(form: FormData, userId: string, postId: string) {
  const returnTo = safePath(String(form.get("returnTo") ?? ""), "/home");
  try {
    const { wasComment, campusId } = await deletePost(postId, userId);
    if (!wasComment) recordEvent("Delete Post", { userId, campusId });
    return redirectWithAlert(returnTo, { type: "success", message: wasComment ? "Comment Removed" : "Your post was deleted" });
  } catch (error) {
    if (error instanceof PostError && error.status === 403) throw new Response("Forbidden", { status: 403 });
    if (error instanceof PostError && error.status === 404) throw new Response("Not Found", { status: 404 });
    if (error instanceof PostError) return redirectWithAlert(returnTo, { type: "danger", message: error.message });
    return redirectWithAlert(returnTo, { type: "danger", message: "Something went wrong" });
  }
}
