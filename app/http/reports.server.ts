// The report form over HTTP: a refusal comes back as `{ report }` data (the
// errors and the draft) to the dialog that sent it; a filed report goes back
// to the form's `returnTo` with the alert.
import { data } from "@remix-run/node";
import { fileReport } from "~/flows/reports.server";
import type { ReportDetails, ReportResult } from "~/models/reports.server";
import type { User } from "~/models/users.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { safePath } from "~/utils/navigation";

export async function reportAction(
  request: Request,
  form: FormData,
  user: Pick<User, "id">,
  file: (details: ReportDetails) => Promise<ReportResult>,
  fallback: string,
) {
  const returnTo = safePath(form.get("returnTo"), fallback);
  const result = await fileReport(form, user, file);
  if (!result.ok) {
    if (result.code === "NOT_FOUND") throw new Response("Not Found", { status: 404 });
    return data({ report: result.reply }, { status: result.status });
  }
  return redirectWithAlert(request, returnTo, { type: result.created ? "success" : "okay", message: result.message });
}
