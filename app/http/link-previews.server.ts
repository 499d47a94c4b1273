// Link previews (docs/product.md §8): what a post, profile, project or game page
// shows when its address is shared — Open Graph and Twitter card fields, built
// from the page's own data. Every URL is absolute on the campus's configured
// origin, never on the Host a request named. A page that must not be previewed
// (hidden, removed, expired, missing) gets null, and so no tags.
import type { Campus } from "~/models/campuses.server";
import { configuredCampusOrigin } from "~/services/urls.server";
import type { MediaView, PortfolioItemView, PostView } from "~/types/views";
import type { MetaDescriptor } from "@remix-run/react";
import { firstLineOf, previewTags, siteName, type LinkPreview } from "~/utils/meta";

/** What a loader hands its page's previewMeta: the finished tags, or null for none. */
export function linkPreviewTags(preview: LinkPreview | null): MetaDescriptor[] | null {
  return preview ? previewTags(preview) : null;
}

/** The width a shared photo is wanted at: the first variant at least this wide, else the widest there is. */
export const PREVIEW_IMAGE_WIDTH = 1200;
/** The campus card (public/cards/{campus}.png) shown when a page has no photo of its own. */
const CARD = { width: 1200, height: 630 };

type PreviewCampus = Pick<Campus, "id" | "name" | "hostKey">;

function cardImage(campus: PreviewCampus, origin: string) {
  return { image: `${origin}/cards/${campus.id}.png`, imageWidth: CARD.width, imageHeight: CARD.height };
}

/** A photo's variant for a preview, from its srcset ("/media/x-640.webp 640w, …"). */
function photoImage(media: MediaView, origin: string) {
  const variants = (media.srcSet ?? "")
    .split(",")
    .map((entry) => {
      const [src, w] = entry.trim().split(/\s+/);
      return { src: src ?? "", width: Number.parseInt(w ?? "", 10) };
    })
    .filter((v) => v.src.startsWith("/media/") && Number.isFinite(v.width))
    .sort((a, b) => a.width - b.width);
  const chosen = variants.find((v) => v.width >= PREVIEW_IMAGE_WIDTH) ?? variants[variants.length - 1];
  if (!chosen) return null;
  const height = media.width && media.height ? Math.round((chosen.width * media.height) / media.width) : null;
  return { image: `${origin}${chosen.src}`, imageWidth: chosen.width, imageHeight: height };
}

/** A post's first photo at preview width, else its first video's poster, else the campus card. */
function postImage(post: PostView, campus: PreviewCampus, origin: string) {
  for (const m of post.media) {
    if (m.kind === "image") {
      const photo = photoImage(m, origin);
      if (photo) return photo;
    } else if (m.video?.poster && !m.video.processing) {
      return { image: `${origin}${m.video.poster}`, imageWidth: null, imageHeight: null };
    }
  }
  return cardImage(campus, origin);
}

/**
 * A post's page: its first line as the title, "$35 · Like new · OU BuySell" as
 * the description. None for a post hidden by reports (its author and the
 * moderators still see the page) or an expired listing.
 */
export function postPreview(post: PostView | null, campus: PreviewCampus): LinkPreview | null {
  if (!post || post.hidden || post.expired) return null;
  const origin = configuredCampusOrigin(campus);
  const site = siteName(campus.name);
  const title = firstLineOf(post.text.map((b) => b.text).find((t) => t.trim()) ?? "") || `${post.author.firstName}'s post`;
  return {
    title,
    description: [post.price, post.condition, site].filter(Boolean).join(" · "),
    ...postImage(post, campus, origin),
    url: `${origin}/post/${post.id}`,
    siteName: site,
    type: "article",
  };
}

/** A profile: the person's name, their bio (or their username on the site), their photo or the campus card. None for a profile hidden by reports. */
export function profilePreview(
  profile: { username: string; displayName: string; bio: string | null; avatarUrl: string | null; hidden: boolean } | null,
  campus: PreviewCampus,
): LinkPreview | null {
  if (!profile || profile.hidden) return null;
  const origin = configuredCampusOrigin(campus);
  const site = siteName(campus.name);
  // A photo kept elsewhere (a Google account's) is not on our origin: the card instead.
  const image = profile.avatarUrl?.startsWith("/media/") ? { image: `${origin}${profile.avatarUrl}`, imageWidth: null, imageHeight: null } : cardImage(campus, origin);
  return {
    title: firstLineOf(profile.displayName),
    description: profile.bio?.trim() ? firstLineOf(profile.bio, 200) : `@${profile.username} on ${site}`,
    ...image,
    url: `${origin}/${profile.username}`,
    siteName: site,
    type: "profile",
  };
}

/** A project or game: its title and short description, its banner or icon (an SVG icon no preview shows: the card instead). */
export function portfolioPreview(item: PortfolioItemView | null, campus: PreviewCampus): LinkPreview | null {
  if (!item) return null;
  const origin = configuredCampusOrigin(campus);
  const site = siteName(campus.name);
  const picture = [item.bannerImg, item.iconLink].find((src) => src && src.startsWith("/") && !src.startsWith("//") && !src.toLowerCase().endsWith(".svg"));
  return {
    title: firstLineOf(item.title),
    description: firstLineOf(item.shortDescription, 200) || site,
    ...(picture ? { image: `${origin}${picture}`, imageWidth: null, imageHeight: null } : cardImage(campus, origin)),
    url: `${origin}/${item.kind}/${item.id}`,
    siteName: site,
    type: "article",
  };
}
