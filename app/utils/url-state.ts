// Modals and menus are URL state (?share=…, ?confirm=…) so the server can render them.

/** The current path with some query parameters set (a value of null removes one). */
export function withParams(pathWithSearch: string, params: Record<string, string | null>): string {
  const url = new URL(pathWithSearch, "http://x");
  for (const [key, value] of Object.entries(params)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/** The page without any modal open. */
export function withoutModals(pathWithSearch: string): string {
  return withParams(pathWithSearch, { share: null, confirm: null, target: null, signup: null, discard: null, verify: null, notice: null, report: null });
}
