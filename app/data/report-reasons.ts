// Why an item is reported (issue wording): shown as the report form's choices
// and beside each report in the moderation queue. The ids are stored.
export const REPORT_REASONS = [
  { id: "scam", label: "Scam or fraud" },
  { id: "prohibited", label: "Prohibited item" },
  { id: "harassment", label: "Harassment or hate" },
  { id: "spam", label: "Spam" },
  { id: "wrong-category", label: "Wrong category or duplicate" },
  { id: "other", label: "Something else" },
] as const;

export type ReportReasonId = (typeof REPORT_REASONS)[number]["id"];

/** The most a reporter's optional note may hold. */
export const REPORT_NOTE_MAX = 500;

export function reportReasonLabel(id: string): string {
  return REPORT_REASONS.find((r) => r.id === id)?.label ?? "Something else";
}
