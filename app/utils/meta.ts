// The document's head, from one module (docs/product.md §8, link previews): the
// <title> of every page ("Saved | OU BuySell", from the deepest header title, put
// in by the root layout) and the Open Graph and Twitter card tags of a page that
// can be shared (a post, a profile, a project, a game). The loader builds those
// tags on the server — absolute URLs on the configured origin — and leaves them
// null when the page must not be previewed; the route's `meta` is previewMeta
// (./preview-meta, a module of its own so that only those pages load it: the
// composer pages sit at the edge of the JavaScript budget).
import type { MetaDescriptor } from "@remix-run/react";

/** What a shared link shows: each field is already in its final form. */
export type LinkPreview = {
  /** og:title: the listing's first line or a name, at most 70 characters. */
  title: string;
  /** og:description: "$35 · Like new · OU BuySell", a bio, a description. */
  description: string;
  /** og:image: an absolute URL on the site's origin. */
  image: string;
  imageWidth: number | null;
  imageHeight: number | null;
  /** og:url: the canonical, absolute URL of the page. */
  url: string;
  /** og:site_name: "OU BuySell". */
  siteName: string;
  type: "article" | "profile" | "website";
};

/** The description of a page without a preview of its own. */
export const SITE_DESCRIPTION = "Buy, sell and share on campus.";
/** Longest og:title; a longer first line is cut with "…". */
export const PREVIEW_TITLE_MAX = 70;

/** "OU BuySell": the campus's site name. */
export function siteName(campusName: string | undefined): string {
  return `${campusName ?? "Campus"} BuySell`;
}

/** "Saved | OU BuySell", or the site name alone. */
export function documentTitle(title: string | undefined, site: string): string {
  return title ? `${title} | ${site}` : site;
}

/** The first line of a text, at most `max` characters (cut on a character, then "…"). */
export function firstLineOf(text: string, max = PREVIEW_TITLE_MAX): string {
  const line = (text.split("\n")[0] ?? "").trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/**
 * The Open Graph and Twitter card tags of a preview. Called on the server by
 * the loaders (the page's data carries the finished tags), so none of this
 * reaches the browser's bundle.
 */
export function previewTags(preview: LinkPreview): MetaDescriptor[] {
  return [
    { tagName: "link", rel: "canonical", href: preview.url },
    { property: "og:title", content: preview.title },
    { property: "og:description", content: preview.description },
    { property: "og:image", content: preview.image },
    ...(preview.imageWidth && preview.imageHeight
      ? [
          { property: "og:image:width", content: String(preview.imageWidth) },
          { property: "og:image:height", content: String(preview.imageHeight) },
        ]
      : []),
    { property: "og:url", content: preview.url },
    { property: "og:site_name", content: preview.siteName },
    { property: "og:type", content: preview.type },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
