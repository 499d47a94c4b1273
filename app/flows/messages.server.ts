// The actions of private messages (issue 14): Message seller on a post, and
// what a conversation's page answers to (send, block, unblock, report).
import { data, redirect } from "@remix-run/node";
import { blockUser, unblockUser } from "~/models/blocks.server";
import { campusForRequest } from "~/models/campuses.server";
import { MessageError, otherMemberOf, reportConversation, sendMessage, startConversation } from "~/models/messages.server";
import { isSchoolVerifiedOn } from "~/models/school.server";
import { suspensionRefusal } from "~/models/suspensions.server";
import type { User } from "~/models/users.server";
import { messageSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { siteOrigin } from "~/services/urls.server";
import { parseWithSchema } from "~/utils/form";
import { USER_BLOCKED, USER_UNBLOCKED } from "~/utils/messages";
import { SCHOOL_VERIFICATION_REQUIRED } from "~/utils/url-state";
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
export async function startConversationAction(request: Request, user: User, postId: string) {
  const back = /^[\w-]{1,64}$/.test(postId) ? `/post/${postId}` : "/home";
  const campusId = (await campusForRequest(request)).id;
  // Suspended: the reason, as the error page (there is no draft to keep).
  const suspended = await suspensionRefusal(user, campusId);
  if (suspended) throw new Response(suspended, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!(await isSchoolVerifiedOn(user, campusId))) {
    return redirectWithAlert(request, back, { type: "danger", message: SCHOOL_VERIFICATION_REQUIRED });
  }
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
export async function conversationAction(request: Request, user: User, chatId: string, form: FormData) {
  const intent = form.get("intent");
  const here = `/messages/${chatId}`;
  try {
    // Anyone but the two members gets the 404 first, whatever else the form holds.
    const otherId = await otherMemberOf(chatId, user.id);
    if (intent === "send") {
      const submission = parseWithSchema(form, messageSchema);
      // Suspended: the reason, and the draft back.
      const suspended = await suspensionRefusal(user, (await campusForRequest(request)).id);
      if (suspended) return data(submission.reply({ formErrors: [suspended] }), { status: 403 });
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
    if (intent === "report") return await reportAction(request, form, user, (details) => reportConversation(chatId, user.id, details), here);
  } catch (error) {
    if (error instanceof MessageError && error.status === 404) notFound();
    throw error;
  }
  throw new Response("Bad Request", { status: 400 });
}
