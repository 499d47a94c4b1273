// Reporting (docs/product.md §12): the report dialog is URL state on the page it was opened
// from (?report=post&target={id}, ?report=comment&target={id}, ?report=user,
// ?report=conversation, ?report=review&target={id}), so it works without JS.
import { withParams } from "./url-state";

export type ReportKind = "post" | "comment" | "user" | "conversation" | "review";

/** The page with the report dialog for `kind` (and, for a post or comment, its id) open. */
export function reportHref(pathWithSearch: string, kind: ReportKind, target?: string): string {
  return withParams(pathWithSearch, { report: kind, target: target ?? null });
}

/** Which report dialog the URL asks for (`kind`), for which item (`target`), if any. */
export function reportOpen(search: string): { kind: string | null; target: string | null } {
  const params = new URLSearchParams(search);
  return { kind: params.get("report"), target: params.get("target") };
}
