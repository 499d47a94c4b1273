// Reporting (issue 15): the report dialog is URL state on the page it was opened
// from (?report=post&target={id}, ?report=comment&target={id}, ?report=user,
// ?report=conversation), so it works without JS. The words the form shows
// before its schema loads live here too (no Zod, no server code).
import { REPORT_NOTE_MAX } from "~/data/report-reasons";

export const REPORT_KINDS = ["post", "comment", "user", "conversation"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_REASON_REQUIRED = "Choose a reason.";
export const REPORT_NOTE_TOO_LONG = `Please keep the note to ${REPORT_NOTE_MAX} characters or fewer.`;
export const TOO_MANY_REPORTS = "You're reporting too fast. Please wait a while and try again.";

/** The page with the report dialog for `kind` (and, for a post or comment, its id) open. */
export function reportHref(pathWithSearch: string, kind: ReportKind, target?: string): string {
  const url = new URL(pathWithSearch, "http://x");
  url.searchParams.set("report", kind);
  if (target) url.searchParams.set("target", target);
  else url.searchParams.delete("target");
  return url.pathname + url.search;
}

/** Which report dialog the URL asks for, if any. */
export function reportOpen(search: string): { kind: ReportKind; target: string | null } | null {
  const params = new URLSearchParams(search);
  const kind = params.get("report");
  return (REPORT_KINDS as readonly string[]).includes(kind ?? "") ? { kind: kind as ReportKind, target: params.get("target") } : null;
}
