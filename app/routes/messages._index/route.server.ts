// /messages: the inbox; its form is Message seller on a post.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { openConversation, sendInConversation } from "~/flows/messages.server";
import { checkPermission, refusalResponse } from "~/http/permissions.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { readDraft, readForm } from "~/services/form.server";
import { messageSchema } from "~/schemas/index.server";
import { siteOrigin } from "~/services/urls.server";
import { parseWithSchema } from "~/utils/form";
import { CANT_MESSAGE } from "~/utils/messages";
import { campusForRequest } from "~/http/campus.server";
import { getInboxPage } from "~/models/messages.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { requireUserId } from "~/services/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const campus = await campusForRequest(request);
  const inbox = await getInboxPage({
    userId,
    timeZone: getViewerTimeZone(request, campus.timeZone),
    cursor: new URL(request.url).searchParams.get("cursor"),
  });
  return data({ inbox }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * Message seller (the post page's form posts here, `?post={id}`): opens the
 * conversation about the post, or the one the two already have. Refusals go
 * back to the post with the reason as an alert. A `text` (the listing's
 * one-tap "Is this still available?") is sent as the first message.
 */
export async function action({ request }: ActionFunctionArgs) {
  const postId = new URL(request.url).searchParams.get("post") ?? "";
  const back = /^[\w-]{1,64}$/.test(postId) ? `/post/${postId}` : "/home";
  // Decided before the (empty) body is read: the post is in the address.
  const { user, refusal } = await checkPermission(request, "message.start", { post: postId });
  if (refusal) {
    await readDraft(request);
    // Not a student here, or blocked: back to the post with the reason. Suspended: the reason as the error page.
    if (refusal.reason === "school" || refusal.reason === "blocked") {
      return redirectWithAlert(request, back, { type: "danger", message: refusal.reason === "blocked" ? CANT_MESSAGE : refusal.message });
    }
    throw refusalResponse(refusal);
  }
  const form = await readForm(request);
  const opened = await openConversation(user.id, postId);
  if (opened.ok) {
    const submission = form.has("text") ? parseWithSchema(form, messageSchema) : null;
    if (submission?.status === "success") {
      const sent = await sendInConversation({ chatId: opened.id, senderId: user.id, text: submission.value.text, origin: siteOrigin(request) });
      if (!sent.ok && sent.code === "REFUSED") return redirectWithAlert(request, `/messages/${opened.id}`, { type: "danger", message: sent.message });
    }
    return redirect(`/messages/${opened.id}`);
  }
  if (opened.code === "NOT_FOUND") throw new Response("Not Found", { status: 404 });
  return redirectWithAlert(request, back, { type: "danger", message: opened.message });
}
