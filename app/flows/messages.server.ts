// The actions of private messages (docs/product.md §10): Message seller on a post, and
// what a conversation's page answers to (send, block, unblock, report).
import { data, redirect } from "@remix-run/node";
import { blockUser, unblockUser } from "~/models/blocks.server";
import { MessageError, otherMemberOf, reportConversation, sendMessage, startConversation } from "~/models/messages.server";
import { messageSchema, reportSchema } from "~/schemas/index.server";
import { can } from "~/models/permissions.server";
import { readDraft, readForm } from "~/services/form.server";
import { checkPermission, refusalResponse } from "./permissions.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { siteOrigin } from "~/services/urls.server";
import { parseWithSchema } from "~/utils/form";
import { CANT_MESSAGE, USER_BLOCKED, USER_UNBLOCKED } from "~/utils/messages";
import { reportAction } from "./reports.server";

/** Anyone but the two members: a 404, so a conversation's id is never confirmed. */
function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

/**
 * Message seller (a form on the post's page): opens the conversation about the
 * post, or the one the two already have. Refusals go back to the post with the
 * reason as an alert.
 */
export async function startConversationAction(request: Request, postId: string) {
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
  await readForm(request);
  try {
    const { id } = await startConversation({ userId: user.id, postId });
    return redirect(`/messages/${id}`);
  } catch (error) {
    if (error instanceof MessageError && error.status === 404) notFound();
    if (error instanceof MessageError) return redirectWithAlert(request, back, { type: "danger", message: error.message });
    throw error;
  }
}

/** What a conversation's page posts: send (the composer), block, unblock, report. */
export async function conversationAction(request: Request, chatId: string) {
  // Blocking is open to everyone signed in (suspended or not); the other intents are checked below.
  const { user, campus } = await checkPermission(request, "user.block");
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = `/messages/${chatId}`;
  try {
    // Anyone but the two members gets the 404 first, whatever else the form holds.
    const otherId = await otherMemberOf(chatId, user.id);
    if (intent === "send") {
      const submission = parseWithSchema(form, messageSchema);
      // Suspended: the reason, and the draft back.
      const decision = await can(user, "message.send", { campusId: campus.id });
      if (!decision.allowed) return data(submission.reply({ formErrors: [decision.refusal.message] }), { status: decision.refusal.status });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      try {
        await sendMessage({ chatId, senderId: user.id, text: submission.value.text, origin: siteOrigin(request) });
      } catch (error) {
        // Blocked or over the limit: the reason, and the draft back.
        if (error instanceof MessageError && error.status !== 404) return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
        throw error;
      }
      return redirect(`${here}#composer`);
    }
    if (intent === "block" || intent === "unblock") {
      if (intent === "block") await blockUser(user.id, otherId);
      else await unblockUser(user.id, otherId);
      return redirectWithAlert(request, here, { type: "success", message: intent === "block" ? USER_BLOCKED : USER_UNBLOCKED });
    }
    if (intent === "report") {
      const decision = await can(user, "user.report", { campusId: campus.id });
      if (!decision.allowed) return data({ report: parseWithSchema(form, reportSchema).reply({ formErrors: [decision.refusal.message] }) }, { status: decision.refusal.status });
      return await reportAction(request, form, user, (details) => reportConversation(chatId, user.id, details), here);
    }
  } catch (error) {
    if (error instanceof MessageError && error.status === 404) notFound();
    throw error;
  }
  throw new Response("Bad Request", { status: 400 });
}
