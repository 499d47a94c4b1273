// The document head from one module: the <title> of every page, and the link
// preview tags (built on the server) of a page whose loader gives them.
import { beforeAll, describe, expect, it } from "vitest";
import { seed } from "~/flows/seed.server";
import { linkPreviewTags, portfolioPreview, postPreview, profilePreview } from "~/http/link-previews.server";
import { getCampus } from "~/models/campuses.server";
import { getPost, createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import type { PostView } from "~/types/views";
import { documentTitle, firstLineOf, previewTags, siteName, type LinkPreview } from "~/utils/meta";
import { previewMeta } from "~/utils/preview-meta";

const origin = "http://localhost:3000";
type MetaArgs = Parameters<typeof previewMeta>[0];

function args(data: unknown, error?: unknown): MetaArgs {
  return { matches: [], data, params: {}, location: { pathname: "/", search: "", hash: "", state: null, key: "k" }, error } as unknown as MetaArgs;
}

const preview: LinkPreview = {
  title: "Oak desk",
  description: "$35 · Like new · OU BuySell",
  image: "https://oubuysell.com/media/posts/p/a-1600.webp",
  imageWidth: 1600,
  imageHeight: 900,
  url: "https://oubuysell.com/post/p",
  siteName: "OU BuySell",
  type: "article",
};

describe("the document head", () => {
  it("titles a page by its header title and the campus's site name", () => {
    expect(documentTitle("Saved", siteName("OU"))).toBe("Saved | OU BuySell");
    expect(documentTitle(undefined, siteName("UT"))).toBe("UT BuySell");
    expect(siteName(undefined)).toBe("Campus BuySell");
  });

  it("builds the Open Graph and Twitter card tags of a preview, which previewMeta passes on (none without, or on an error)", () => {
    const tags = previewTags(preview);
    expect(tags).toEqual([
      { tagName: "link", rel: "canonical", href: "https://oubuysell.com/post/p" },
      { property: "og:title", content: "Oak desk" },
      { property: "og:description", content: "$35 · Like new · OU BuySell" },
      { property: "og:image", content: "https://oubuysell.com/media/posts/p/a-1600.webp" },
      { property: "og:image:width", content: "1600" },
      { property: "og:image:height", content: "900" },
      { property: "og:url", content: "https://oubuysell.com/post/p" },
      { property: "og:site_name", content: "OU BuySell" },
      { property: "og:type", content: "article" },
      { name: "twitter:card", content: "summary_large_image" },
    ]);
    expect(previewTags({ ...preview, imageWidth: null, imageHeight: null }).map((t) => ("property" in t ? t.property : null))).not.toContain("og:image:width");
    expect(previewMeta(args({ preview: tags }))).toEqual(tags);
    expect(previewMeta(args({ preview: null }))).toEqual([]);
    expect(previewMeta(args(undefined))).toEqual([]);
    expect(previewMeta(args({ preview: tags }, new Error("boom")))).toEqual([]);
    expect(linkPreviewTags(null)).toBeNull();
  });

  it("cuts a first line at 70 characters", () => {
    expect(firstLineOf("Desk\nsecond line")).toBe("Desk");
    const long = "x".repeat(80);
    expect(firstLineOf(long)).toHaveLength(70);
    expect(firstLineOf(long).endsWith("…")).toBe(true);
  });
});

describe("previews", () => {
  let ou: NonNullable<Awaited<ReturnType<typeof getCampus>>>;
  beforeAll(async () => {
    await seed({ demo: false });
    ou = (await getCampus("ou"))!;
  });

  async function postView(text: string, price: number | null): Promise<PostView> {
    const author = await insertUser({ campusId: "ou", firstName: "Ana", lastName: "T.", username: `meta-${Math.random().toString(36).slice(2, 8)}`, email: `meta${Math.random().toString(36).slice(2, 8)}@ou.edu`, verified: true, schoolVerified: true });
    const listing = price === null ? undefined : { priceCents: price, isFree: false, priceTerms: null, condition: "like-new" as const, pickupSpot: null };
    const { id } = await createPost({ authorId: author.id, campusId: "ou", blocks: [{ text }], media: [], origin, listing });
    const found = await getPost(id, "UTC", author.id);
    if (found.status !== "ok") throw new Error("no post");
    return found.post;
  }

  it("a listing: its first line, price, condition and campus, the campus card, the canonical URL on the default site", async () => {
    const post = await postView("Oak desk\nbarely used", 3500);
    expect(postPreview(post, ou)).toEqual({
      title: "Oak desk",
      description: "$35 · Like new · OU BuySell",
      image: `${origin}/cards/ou.png`,
      imageWidth: 1200,
      imageHeight: 630,
      url: `${origin}/post/${post.id}`,
      siteName: "OU BuySell",
      type: "article",
    });
  });

  it("the first photo's variant at least 1200 px wide, else the widest", async () => {
    const post = await postView("Lamp", 1000);
    const photo = (widths: number[]) => ({ kind: "image" as const, src: "", srcSet: widths.map((w) => `/media/posts/${post.id}/a-${w}.webp ${w}w`).join(", "), width: 2000, height: 1000, name: "a", alt: "", video: null });
    expect(postPreview({ ...post, media: [photo([200, 400, 640, 1080, 1600])] }, ou)).toMatchObject({ image: `${origin}/media/posts/${post.id}/a-1600.webp`, imageWidth: 1600, imageHeight: 800 });
    expect(postPreview({ ...post, media: [photo([200, 400, 800])] }, ou)).toMatchObject({ image: `${origin}/media/posts/${post.id}/a-800.webp`, imageWidth: 800 });
  });

  it("none for a hidden or expired post, or none at all", async () => {
    const post = await postView("Chair", 1000);
    expect(postPreview({ ...post, hidden: true }, ou)).toBeNull();
    expect(postPreview({ ...post, expired: true }, ou)).toBeNull();
    expect(postPreview(null, ou)).toBeNull();
  });

  it("a profile and a project", () => {
    expect(profilePreview({ username: "ana", displayName: "Ana T.", bio: "Selling my dorm stuff\nDM me", avatarUrl: "/media/avatars/a-400.webp", hidden: false }, ou)).toMatchObject({
      title: "Ana T.",
      description: "Selling my dorm stuff",
      image: `${origin}/media/avatars/a-400.webp`,
      url: `${origin}/ana`,
      type: "profile",
    });
    expect(profilePreview({ username: "ana", displayName: "Ana T.", bio: null, avatarUrl: "https://lh3.example/a.jpg", hidden: false }, ou)).toMatchObject({ description: "@ana on OU BuySell", image: `${origin}/cards/ou.png` });
    expect(profilePreview({ username: "ana", displayName: "Ana T.", bio: null, avatarUrl: null, hidden: true }, ou)).toBeNull();
    const item = { kind: "project" as const, id: "snake", title: "Snake", shortDescription: "The classic", iconLink: "/icons/games/snake.svg", bannerImg: null, githubLink: null, viewLink: null, gameLink: null, likeCount: 0, commentCount: 0, saved: false, owner: { id: "o", username: "owner", displayName: "J A.", firstName: "J", avatarUrl: null, verified: true }, gallery: [] };
    expect(portfolioPreview(item, ou)).toMatchObject({ title: "Snake", description: "The classic", image: `${origin}/cards/ou.png`, url: `${origin}/project/snake` });
  });
});
