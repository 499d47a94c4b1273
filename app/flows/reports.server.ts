// The report form (docs/product.md §12), wherever it is shown: a post or comment,
// a profile and a conversation. The form is checked here whatever the browser
// did; the routes answer over HTTP (app/http/reports.server.ts).
import type { SubmissionResult } from "@conform-to/react";
import { ALREADY_REPORTED, REPORTED, ReportError, type ReportDetails, type ReportResult } from "~/models/reports.server";
import type { User } from "~/models/users.server";
import { reportSchema } from "~/schemas/index.server";
import { consume } from "~/services/rate-limit.server";
import { parseWithSchema } from "~/utils/form";
import { TOO_MANY_REPORTS } from "~/utils/report-messages";

export type FileReportResult =
  | { ok: true; created: boolean; message: string }
  | { ok: false; code: "INVALID" | "TOO_MANY"; status: 400 | 429; reply: SubmissionResult<string[]> }
  | { ok: false; code: "NOT_FOUND"; status: 404 };

/**
 * Validates the report form, counts it against the reporter's limit and files
 * it with `file`: "… Reported. Thanks for letting us know.", or "You already
 * reported this …". An item that does not exist is NOT_FOUND.
 */
export async function fileReport(form: FormData, user: Pick<User, "id">, file: (details: ReportDetails) => Promise<ReportResult>): Promise<FileReportResult> {
  const submission = parseWithSchema(form, reportSchema);
  if (submission.status !== "success") return { ok: false, code: "INVALID", status: 400, reply: submission.reply() };
  if (!(await consume("reportsPerUser", user.id)).ok) return { ok: false, code: "TOO_MANY", status: 429, reply: submission.reply({ formErrors: [TOO_MANY_REPORTS] }) };
  let result: ReportResult;
  try {
    result = await file({ reason: submission.value.reason, note: submission.value.note ?? null });
  } catch (error) {
    if (error instanceof ReportError && error.status === 404) return { ok: false, code: "NOT_FOUND", status: 404 };
    if (error instanceof ReportError) return { ok: false, code: "INVALID", status: 400, reply: submission.reply({ formErrors: [error.message] }) };
    throw error;
  }
  return { ok: true, created: result.created, message: result.created ? REPORTED[result.type] : ALREADY_REPORTED[result.type] };
}
