// /sales/{id}/review: the two people of a sale review each other and answer
// the other's review; anyone else gets a 404, whatever they post.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { postAnswer, postReview } from "~/flows/reviews.server";
import { checkPermission, refusalResponse } from "~/http/permissions.server";
import { campusForRequest } from "~/http/campus.server";
import { ReviewError, saleReviews } from "~/models/reviews.server";
import { reviewAnswerSchema, reviewSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { readDraft, readForm } from "~/services/form.server";
import { requireUserId } from "~/services/session.server";
import { parseWithSchema } from "~/utils/form";

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const campus = await campusForRequest(request);
  try {
    const sale = await saleReviews({ saleId: params.id ?? "", userId, timeZone: getViewerTimeZone(request, campus.timeZone) });
    return data({ sale }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof ReviewError) throw notFound();
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const saleId = params.id ?? "";
  // Anyone but the two of the sale: 404 before the body is read.
  const gate = await checkPermission(request, "review.write", { sale: saleId });
  if (gate.refusal) {
    if (gate.refusal.status === 404) throw refusalResponse(gate.refusal);
    const draft = await readDraft(request);
    const schema = draft.get("intent") === "answer" ? reviewAnswerSchema : reviewSchema;
    return data({ intent: String(draft.get("intent") ?? "review"), result: parseWithSchema(draft, schema).reply({ formErrors: [gate.refusal.message] }) }, { status: gate.refusal.status });
  }
  const form = await readForm(request);
  const here = `/sales/${saleId}/review`;
  if (form.get("intent") === "answer") {
    const submission = parseWithSchema(form, reviewAnswerSchema);
    if (submission.status !== "success") return data({ intent: "answer", result: submission.reply() }, { status: 400 });
    const done = await postAnswer({ reviewId: String(form.get("review") ?? ""), userId: gate.user.id, text: submission.value.answer });
    if (!done.ok && done.status === 404) throw notFound();
    if (!done.ok) return data({ intent: "answer", result: submission.reply({ formErrors: [done.message] }) }, { status: done.status });
    return redirectWithAlert(request, here, { type: "success", message: done.message });
  }
  const submission = parseWithSchema(form, reviewSchema);
  if (submission.status !== "success") return data({ intent: "review", result: submission.reply() }, { status: 400 });
  const done = await postReview({ saleId, userId: gate.user.id, rating: Number(submission.value.rating), text: submission.value.text });
  if (!done.ok && done.status === 404) throw notFound();
  if (!done.ok) return data({ intent: "review", result: submission.reply({ formErrors: [done.message] }) }, { status: done.status });
  return redirectWithAlert(request, here, { type: "success", message: done.message });
}
