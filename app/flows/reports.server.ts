// The report form's action (docs/product.md §12), wherever it is shown: a post or comment
// (/post/{id}), a profile (/{username}) and a conversation (/messages/{id}).
// The form is checked here whatever the browser did; a refusal comes back as
// `{ report }` data (the errors and the draft) to the dialog that sent it.
import { data } from "@remix-run/node";
import { ALREADY_REPORTED, REPORTED, ReportError, type ReportDetails, type ReportResult } from "~/models/reports.server";
import type { User } from "~/models/users.server";
import { reportSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { consume } from "~/services/rate-limit.server";
import { parseWithSchema } from "~/utils/form";
import { safePath } from "~/utils/navigation";
import { TOO_MANY_REPORTS } from "~/utils/report-messages";

/**
 * Validates the report form, counts it against the reporter's limit and files
 * it with `file`; then back to the form's `returnTo` (or `fallback`) with
 * "… Reported. Thanks for letting us know.", or "You already reported this …".
 * An item that does not exist is a 404.
 */
export async function reportAction(
  request: Request,
  form: FormData,
  user: Pick<User, "id">,
  file: (details: ReportDetails) => Promise<ReportResult>,
  fallback: string,
) {
  const returnTo = safePath(form.get("returnTo"), fallback);
  const submission = parseWithSchema(form, reportSchema);
  if (submission.status !== "success") return data({ report: submission.reply() }, { status: 400 });
  if (!(await consume("reportsPerUser", user.id)).ok) {
    return data({ report: submission.reply({ formErrors: [TOO_MANY_REPORTS] }) }, { status: 429 });
  }
  let result: ReportResult;
  try {
    result = await file({ reason: submission.value.reason, note: submission.value.note ?? null });
  } catch (error) {
    if (error instanceof ReportError && error.status === 404) throw new Response("Not Found", { status: 404 });
    if (error instanceof ReportError) return data({ report: submission.reply({ formErrors: [error.message] }) }, { status: 400 });
    throw error;
  }
  if (!result.created) return redirectWithAlert(request, returnTo, { type: "okay", message: ALREADY_REPORTED[result.type] });
  return redirectWithAlert(request, returnTo, { type: "success", message: REPORTED[result.type] });
}
