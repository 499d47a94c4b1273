/** A browser fetching ahead of a click (link prefetch) has not shown anything to anyone yet. */
export function isPrefetch(request: Request): boolean {
  return /prefetch/i.test(`${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`);
}
