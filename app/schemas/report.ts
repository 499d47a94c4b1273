import * as z from "zod/mini";
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReasonId } from "~/data/report-reasons";
import { REPORT_NOTE_TOO_LONG, REPORT_REASON_REQUIRED } from "~/utils/report-messages";

const REASON_IDS = REPORT_REASONS.map((r) => r.id) as [ReportReasonId, ...ReportReasonId[]];

/** The report form (docs/product.md §12): one of the reasons, and an optional note of up to 500 characters. */
export const reportSchema = z.object({
  reason: z.enum(REASON_IDS, { error: REPORT_REASON_REQUIRED }),
  note: z.optional(z.string().check(z.trim(), z.maxLength(REPORT_NOTE_MAX, { error: REPORT_NOTE_TOO_LONG }))),
});
