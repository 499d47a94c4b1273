// The document's head, from one place (docs/product.md §8, link previews): every
// route's `meta` export is `pageMeta`, which builds the <title> from the deepest
// header title ("Saved | OU BuySell") and, on a page whose loader gives a link
// preview (a post, a profile, a project, a game), its Open Graph and Twitter
// card tags. The loader builds the preview on the server — absolute URLs from
// the configured origin — and leaves it null when the page must not show one.
import type { MetaDescriptor, MetaFunction } from "@remix-run/react";
import { headerTitle } from "./route-handle";

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

/** The tags of one page: its title and description, and the preview's tags when it has one. */
export function metaTags(opts: { title: string | undefined; site: string; preview?: LinkPreview | null }): MetaDescriptor[] {
  const { preview } = opts;
  const tags: MetaDescriptor[] = [{ title: documentTitle(opts.title, opts.site) }, { name: "description", content: preview?.description ?? SITE_DESCRIPTION }];
  if (!preview) return tags;
  return [
    ...tags,
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

/** The preview a loader gave, if it is one (`preview` in its data). */
function previewOf(data: unknown): LinkPreview | null {
  if (!data || typeof data !== "object" || !("preview" in data)) return null;
  const preview = (data as { preview: unknown }).preview;
  return preview && typeof preview === "object" && "url" in preview ? (preview as LinkPreview) : null;
}

/**
 * Every route's `meta` export (`export { pageMeta as meta } from "~/utils/meta"`):
 * the header title of the deepest route that has one, the campus's site name
 * from the root's data, and the page's own link preview.
 */
export const pageMeta: MetaFunction = ({ matches, data, error }) => {
  const root = matches.find((m) => m.id === "root")?.data as { campus?: { name?: string } } | undefined;
  const { title } = headerTitle(matches);
  return metaTags({ title, site: siteName(root?.campus?.name), preview: error ? null : previewOf(data) });
};
