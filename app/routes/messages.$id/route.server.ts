// /messages/{id}: one conversation, to its two members only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { isPrefetch } from "~/http/prefetch.server";
import { blockInConversation, conversationPartner, sendInConversation } from "~/flows/messages.server";
import { answerOffer, chatPostId, offerPanel, sendOffer, type OfferResult } from "~/flows/offers.server";
import { checkPermission } from "~/http/permissions.server";
import { reportAction } from "~/http/reports.server";
import { can } from "~/models/permissions.server";
import { counterSchema, messageSchema, offerSchema, reportSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { readDraft, readForm } from "~/services/form.server";
import { siteOrigin } from "~/services/urls.server";
import { parseWithSchema } from "~/utils/form";
import { campusForRequest } from "~/http/campus.server";
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
    const offers = await offerPanel(conversation.id, userId);
    const review = await reviewPromptFor(conversation.id, userId);
    return data({ conversation, offers, paged: !!before, review }, { headers: { "Cache-Control": "private, no-store" } });
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

/** The offer forms post to ?offer=…, so the rule each needs is known before the body is read. */
const OFFER_INTENTS = { make: "offer.make", accept: "offer.respond", decline: "offer.respond", counter: "offer.respond" } as const;
type OfferIntent = keyof typeof OFFER_INTENTS;
const isOfferIntent = (value: string): value is OfferIntent => Object.hasOwn(OFFER_INTENTS, value);

/** Make, accept, decline or counter an offer (docs/product.md §7): the two members only, the rule first. */
async function offerAction(request: Request, chatId: string, which: string) {
  if (!isOfferIntent(which)) throw new Response("Bad Request", { status: 400 });
  const postId = await chatPostId(chatId);
  const gate = await checkPermission(request, OFFER_INTENTS[which], postId ? { post: postId } : null);
  // Anyone but the two members gets the 404 first, whatever the rule said.
  if (!postId || !(await conversationPartner(chatId, gate.user.id))) notFound();
  const here = `/messages/${chatId}`;
  const schema = which === "counter" ? counterSchema : offerSchema;
  if (gate.refusal) {
    if (gate.refusal.status === 404) notFound();
    // Blocked, suspended or not a student here: the reason, and the draft back.
    const reply = parseWithSchema(await readDraft(request), schema).reply({ formErrors: [gate.refusal.message] });
    return data(which === "make" || which === "counter" ? { offer: reply } : { offerError: gate.refusal.message }, { status: gate.refusal.status });
  }
  const form = await readForm(request);
  const origin = siteOrigin(request);
  let result: OfferResult;
  if (which === "make" || which === "counter") {
    const submission = parseWithSchema(form, schema);
    if (submission.status !== "success") return data({ offer: submission.reply() }, { status: 400 });
    const value = submission.value as { amount: number; offerId?: string };
    result =
      which === "make"
        ? await sendOffer({ chatId, userId: gate.user.id, amountCents: value.amount, origin })
        : await answerOffer({ chatId, userId: gate.user.id, offerId: value.offerId ?? "", response: "counter", counterCents: value.amount, origin });
    if (!result.ok && result.code === "REFUSED") return data({ offer: submission.reply({ formErrors: [result.message] }) }, { status: result.status });
  } else {
    result = await answerOffer({ chatId, userId: gate.user.id, offerId: String(form.get("offerId") ?? ""), response: which, origin });
    if (!result.ok && result.code === "REFUSED") return data({ offerError: result.message }, { status: result.status });
  }
  if (!result.ok) notFound();
  return redirectWithAlert(request, `${here}#offers`, { type: "success", message: result.message });
}

/** What a conversation's page posts: send (the composer), block, unblock, report; offers at ?offer=…. */
export async function action({ request, params }: ActionFunctionArgs) {
  const chatId = params.id ?? "";
  const offer = new URL(request.url).searchParams.get("offer");
  if (offer !== null) return offerAction(request, chatId, offer);
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
