// /messages/{id}: one conversation, to its two members only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { isPrefetch } from "~/http/prefetch.server";
import { blockInConversation, conversationPartner, sendInConversation } from "~/flows/messages.server";
import { checkPermission } from "~/http/permissions.server";
import { reportAction } from "~/http/reports.server";
import { can } from "~/models/permissions.server";
import { messageSchema, reportSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { readForm } from "~/services/form.server";
import { siteOrigin } from "~/services/urls.server";
import { parseWithSchema } from "~/utils/form";
import { campusForRequest } from "~/models/campuses.server";
import { getConversation, markConversationRead, MessageError, reportConversation } from "~/models/messages.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { reviewPromptFor } from "~/models/reviews.server";
import { requireUserId } from "~/services/session.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const campus = await campusForRequest(request);
  const before = new URL(request.url).searchParams.get("before");
  try {
    const conversation = await getConversation({ chatId: params.id ?? "", userId, timeZone: getViewerTimeZone(request, campus.timeZone), before });
    // Showing the newest messages reads them.
    if (!before && !isPrefetch(request)) await markConversationRead(conversation.id, userId);
    const review = await reviewPromptFor(conversation.id, userId);
    return data({ conversation, paged: !!before, review }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    // Anyone but the two members: the not-found page, never a 403 that confirms the id.
    if (error instanceof MessageError) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

/** Anyone but the two members: a 404, so a conversation's id is never confirmed. */
function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

/** What a conversation's page posts: send (the composer), block, unblock, report. */
export async function action({ request, params }: ActionFunctionArgs) {
  const chatId = params.id ?? "";
  // Blocking is open to everyone signed in (suspended or not); the other intents are checked below.
  const { user, campus } = await checkPermission(request, "user.block");
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = `/messages/${chatId}`;
  // Anyone but the two members gets the 404 first, whatever else the form holds.
  if (!(await conversationPartner(chatId, user.id))) notFound();
  if (intent === "send") {
    const submission = parseWithSchema(form, messageSchema);
    // Suspended: the reason, and the draft back.
    const decision = await can(user, "message.send", { campusId: campus.id });
    if (!decision.allowed) return data(submission.reply({ formErrors: [decision.refusal.message] }), { status: decision.refusal.status });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const sent = await sendInConversation({ chatId, senderId: user.id, text: submission.value.text, origin: siteOrigin(request) });
    if (!sent.ok && sent.code === "NOT_FOUND") notFound();
    // Blocked or over the limit: the reason, and the draft back.
    if (!sent.ok) return data(submission.reply({ formErrors: [sent.message] }), { status: sent.status });
    return redirect(`${here}#composer`);
  }
  if (intent === "block" || intent === "unblock") {
    const done = await blockInConversation(chatId, user.id, intent === "block");
    if (!done.ok) notFound();
    return redirectWithAlert(request, here, { type: "success", message: done.message });
  }
  if (intent === "report") {
    const decision = await can(user, "user.report", { campusId: campus.id });
    if (!decision.allowed) return data({ report: parseWithSchema(form, reportSchema).reply({ formErrors: [decision.refusal.message] }) }, { status: decision.refusal.status });
    try {
      return await reportAction(request, form, user, (details) => reportConversation(chatId, user.id, details), here);
    } catch (error) {
      if (error instanceof MessageError && error.status === 404) notFound();
      throw error;
    }
  }
  throw new Response("Bad Request", { status: 400 });
}
