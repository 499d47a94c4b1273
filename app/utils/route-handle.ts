import type { UIMatch } from "@remix-run/react";

/** What a route tells the layout: its header title (docs/product.md §2). */
export type RouteHandle = {
  title?: string | ((data: unknown) => string | undefined);
  /** false hides the back button (the feed and the landing page). */
  back?: boolean;
  /** Where the side navigation's Create Post button leads, when this page offers one (docs/product.md §5). */
  createPost?: (data: unknown) => string | null | undefined;
};

/** The title of the deepest route that has one. */
export function headerTitle(matches: UIMatch[]): { title: string | undefined; back: boolean } {
  let back = true;
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.back === false) back = false;
    if (handle?.title === undefined) continue;
    const title = typeof handle.title === "function" ? handle.title(matches[i]!.data) : handle.title;
    if (title) return { title, back };
  }
  return { title: undefined, back };
}

/** The Create Post link the deepest page offers, if any. */
export function createPostHref(matches: UIMatch[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle?.createPost) return handle.createPost(matches[i]!.data) ?? null;
  }
  return null;
}
