// Videos as pages show them: a video still being processed is there only for the
// author of its post (everyone else gets the post without it), a ready one
// offers its posters, length and MP4, and the feed's card is a poster that
// loads no video bytes. Media rows are inserted directly, as the video worker
// leaves them.
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { MediaGallery, MediaPreview } from "~/components/post-media";
import { seed } from "~/flows/seed.server";
import { createPost, getFeedPage, getPost, getPostViews, getThread, getVideoPage, loadMedia, type PostView } from "~/models/posts.server";
import { getOwner, insertUser, type User } from "~/models/users.server";
import { getDb, newId, schema } from "~/services/db.server";
import type { MediaView } from "~/types/views";
import { formatDuration } from "~/utils/duration";
import { renderPage } from "./render-page";

const origin = "http://localhost:3000";
const TZ = "America/Chicago";
let n = 0;

beforeAll(() => seed({ demo: false }));

async function student(): Promise<User> {
  n++;
  return insertUser({ campusId: "ou", firstName: `Vid${n}`, lastName: "V.", username: `video-view-${n}`, email: `video-view${n}@ou.edu`, verified: true });
}

const newPost = async (authorId: string, text: string, parentId?: string) =>
  (await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin, parentId })).id;

type VideoRow = { status: "ready" | "processing"; posters?: boolean; order?: number };

/** A video row as the upload leaves it ("processing", the original) or the worker ("ready", the MP4 and posters). */
async function addVideo(postId: string, { status, posters = status === "ready", order = 1 }: VideoRow): Promise<string> {
  const id = newId();
  await getDb()
    .insert(schema.media)
    .values({
      id,
      postId,
      kind: "video",
      path: status === "ready" ? `posts/${postId}/${order}.mp4` : `posts/${postId}/${order}.avi`,
      name: "clip.avi",
      order,
      width: status === "ready" ? 640 : null,
      height: status === "ready" ? 360 : null,
      mimeType: status === "ready" ? "video/mp4" : "video/x-msvideo",
      size: 1000,
      status,
      durationMs: status === "ready" ? 12_400 : null,
      posterPath: posters ? `posts/${postId}/${order}-poster` : null,
      posterVariants: posters ? [640, 200, 400] : null,
    });
  await getDb()
    .update(schema.posts)
    .set({ vidCount: sql`${schema.posts.vidCount} + 1` })
    .where(eq(schema.posts.id, postId));
  return id;
}

async function addPhoto(postId: string, order: number): Promise<void> {
  await getDb()
    .insert(schema.media)
    .values({ id: newId(), postId, kind: "image", path: `posts/${postId}/${order}`, name: "p.png", order, width: 900, height: 600, variants: [200, 400, 640, 900], mimeType: "image/webp", size: 10 });
  await getDb()
    .update(schema.posts)
    .set({ imgCount: sql`${schema.posts.imgCount} + 1` })
    .where(eq(schema.posts.id, postId));
}

const kinds = (media: MediaView[]) => media.map((m) => (m.video ? (m.video.processing ? "processing" : "video") : "photo"));

async function feedPost(postId: string, viewerId: string | null, authorId?: string): Promise<PostView | undefined> {
  const page = await getFeedPage({ campusId: "ou", timeZone: TZ, viewerId, authorId, limit: 50 });
  return page.posts.find((p) => p.id === postId);
}

async function postPage(postId: string, viewerId: string | null): Promise<PostView> {
  const found = await getPost(postId, TZ, viewerId);
  if (found.status !== "ok") throw new Error(found.status);
  return found.post;
}

const render = (element: ReturnType<typeof createElement>) => renderPage(`${origin}/x`, { path: "x", loader: () => null, Component: () => element });

describe("who sees a video", () => {
  it("a processing video is returned to its author only: feed, post page, search results, comments' media; others get the post without it", async () => {
    const [author, other] = [await student(), await student()];
    const post = await newPost(author.id, "Dorm tour video");
    await addPhoto(post, 1);
    await addVideo(post, { status: "processing", order: 2 });
    const onlyVideo = await newPost(author.id, "Just a clip, still processing");
    await addVideo(onlyVideo, { status: "processing" });

    expect(kinds((await feedPost(post, author.id))!.media)).toEqual(["photo", "processing"]);
    expect(kinds((await feedPost(post, other.id))!.media)).toEqual(["photo"]);
    expect(kinds((await feedPost(post, null))!.media)).toEqual(["photo"]);
    // A post with nothing else still shows its text.
    const bare = await feedPost(onlyVideo, other.id);
    expect(bare?.text).toEqual([{ text: "Just a clip, still processing" }]);
    expect(bare?.media).toEqual([]);

    expect(kinds((await postPage(post, author.id)).media)).toEqual(["photo", "processing"]);
    expect(kinds((await postPage(post, other.id)).media)).toEqual(["photo"]);
    expect(kinds((await postPage(onlyVideo, null)).media)).toEqual([]);

    const views = async (viewer: string | null) => (await getPostViews([post, onlyVideo], TZ, viewer)).map((p) => kinds(p.media));
    expect(await views(author.id)).toEqual([["photo", "processing"], ["processing"]]);
    expect(await views(other.id)).toEqual([["photo"], []]);

    // A comment's video: its author sees it processing, the post's author (another person) does not.
    const comment = await newPost(other.id, "Here is mine", post);
    await addVideo(comment, { status: "processing" });
    const commentMedia = async (viewer: string | null) => kinds((await getThread({ postId: post }, TZ, viewer)).comments.find((c) => c.id === comment)!.media);
    expect(await commentMedia(other.id)).toEqual(["processing"]);
    expect(await commentMedia(author.id)).toEqual([]);
    expect(await commentMedia(null)).toEqual([]);

    // Places that list media without a viewer (the moderation queue) get only ready ones.
    expect(kinds((await loadMedia([{ id: post, firstName: "Vid" }])).get(post)!)).toEqual(["photo"]);
  });

  it("once ready it is there for everyone, with posters, length and the MP4", async () => {
    const [author, other] = [await student(), await student()];
    const post = await newPost(author.id, "Bike for sale, see it ride");
    const video = await addVideo(post, { status: "processing" });
    expect((await postPage(post, other.id)).media).toEqual([]);
    // What the worker does when it is done.
    await getDb()
      .update(schema.media)
      .set({ status: "ready", path: `posts/${post}/1.mp4`, mimeType: "video/mp4", width: 640, height: 360, durationMs: 12_400, posterPath: `posts/${post}/1-poster`, posterVariants: [200, 400, 640] })
      .where(eq(schema.media.id, video));
    for (const viewer of [other.id, author.id, null]) {
      const [m] = (await postPage(post, viewer)).media;
      expect(m).toEqual({
        kind: "video",
        src: `/media/posts/${post}/1.mp4`,
        srcSet: null,
        width: 640,
        height: 360,
        name: "clip.avi",
        alt: "",
        video: {
          processing: false,
          type: "video/mp4",
          thumbnail: { src: `/media/posts/${post}/1-poster-200.webp`, srcSet: `/media/posts/${post}/1-poster-200.webp 1x, /media/posts/${post}/1-poster-400.webp 2x` },
          poster: `/media/posts/${post}/1-poster-640.webp`,
          duration: "0:12",
        },
      });
    }
  });

  it("the profile's Videos tab: a post whose videos are all processing is there for its author only", async () => {
    const [author, other] = [await student(), await student()];
    const processing = await newPost(author.id, "Processing only");
    await addVideo(processing, { status: "processing" });
    const ready = await newPost(author.id, "Ready one");
    await addVideo(ready, { status: "ready" });
    const mixed = await newPost(author.id, "One of each");
    await addVideo(mixed, { status: "ready" });
    await addVideo(mixed, { status: "processing", order: 2 });
    const tab = async (viewerId: string | null) => {
      const page = await getVideoPage({ campusId: "ou", timeZone: TZ, authorId: author.id, viewerId });
      return Object.fromEntries(page.posts.map((p) => [p.id, kinds(p.media)]));
    };
    expect(await tab(author.id)).toEqual({ [processing]: ["processing"], [ready]: ["video"], [mixed]: ["video", "processing"] });
    expect(await tab(other.id)).toEqual({ [ready]: ["video"], [mixed]: ["video"] });
    expect(await tab(null)).toEqual({ [ready]: ["video"], [mixed]: ["video"] });
  });

  it("a project's processing video is shown to the owner only", async () => {
    const owner = (await getOwner())!;
    const other = await student();
    const [project] = await getDb().select({ id: schema.projects.id }).from(schema.projects).limit(1);
    expect(project, "a project from content/").toBeTruthy();
    if (!project) return;
    const { getPortfolioItem } = await import("~/models/portfolio.server");
    await getDb()
      .insert(schema.media)
      .values({ id: newId(), projectId: project.id, kind: "video", path: `projects/${project.id}/v.avi`, name: "demo.avi", order: 99, mimeType: "video/x-msvideo", size: 1, status: "processing" });
    const gallery = async (viewer: string | null) => {
      const found = await getPortfolioItem("project", project.id, viewer);
      return found.status === "ok" ? kinds(found.item.gallery).filter((k) => k === "processing") : null;
    };
    expect(await gallery(owner.id)).toEqual(["processing"]);
    expect(await gallery(other.id)).toEqual([]);
    expect(await gallery(null)).toEqual([]);
  });
});

describe("a page of cards' media", () => {
  it("comes whole for a page of up to 24 posts with media (one prepared statement) and for a longer one", async () => {
    const author = await student();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const post = await newPost(author.id, `Shelf ${i}`);
      await addPhoto(post, 1);
      await addPhoto(post, 2);
      ids.push(post);
    }
    for (const limit of [20, 30]) {
      const page = await getFeedPage({ campusId: "ou", timeZone: TZ, viewerId: author.id, authorId: author.id, limit });
      expect(page.posts).toHaveLength(limit);
      for (const card of page.posts) expect([card.id, card.media.map((m) => m.src)]).toEqual([card.id, [`/media/posts/${card.id}/1-640.webp`, `/media/posts/${card.id}/2-640.webp`]]);
    }
  });
});

describe("videos on screen", () => {
  it("the feed card is the poster (1x/2x, its size set, lazy) with a play mark and the length, linking to the post: no <video>", async () => {
    const author = await student();
    const post = await newPost(author.id, "Poster card");
    await addVideo(post, { status: "ready" });
    await addPhoto(post, 2);
    const html = await render(createElement(MediaPreview, { media: (await postPage(post, null)).media, postId: post }));
    expect(html).not.toContain("<video");
    expect(html).toContain(`href="/post/${post}"`);
    expect(html).toMatch(
      new RegExp(`<img loading="lazy" decoding="async" width="200" height="200" alt="" srcSet="/media/posts/${post}/1-poster-200.webp 1x, /media/posts/${post}/1-poster-400.webp 2x" src="/media/posts/${post}/1-poster-200.webp"/>`),
    );
    expect(html).toContain('class="play-mark"');
    expect(html).toContain('<span class="video-duration">0:12</span>');
    expect(html).toContain("+<!-- -->1");
  });

  it("the post page's player: poster, size, preload none, playsinline, the MP4 as a source; the author's processing video says so", async () => {
    const author = await student();
    const post = await newPost(author.id, "Player");
    await addVideo(post, { status: "ready" });
    await addVideo(post, { status: "processing", order: 2 });
    const html = await render(createElement(MediaGallery, { media: (await postPage(post, author.id)).media }));
    expect(html).toContain(
      `<video class="video-player" controls="" preload="none" playsinline="" poster="/media/posts/${post}/1-poster-640.webp" width="640" height="360"><source src="/media/posts/${post}/1.mp4" type="video/mp4"/></video>`,
    );
    expect(html).toContain("<p>Processing video…</p>");
    expect(html).toContain('<a href="">Refresh</a>');
    expect(html).not.toContain(".avi");
    // In the feed the author sees the notice where the video will be.
    const processingOnly = await newPost(author.id, "Still processing");
    await addVideo(processingOnly, { status: "processing" });
    const card = await render(createElement(MediaPreview, { media: (await postPage(processingOnly, author.id)).media, postId: processingOnly }));
    expect(card).toContain("Processing video…");
    expect(card).not.toContain("<video");
  });

  it("a video stored before posters existed plays its file as it did", async () => {
    const author = await student();
    const post = await newPost(author.id, "Old video");
    await addVideo(post, { status: "ready", posters: false });
    const media = (await postPage(post, null)).media;
    expect(media[0]!.video).toMatchObject({ processing: false, thumbnail: null, poster: null });
    const html = await render(createElement(MediaGallery, { media }));
    expect(html).toContain(`<video class="video-player" src="/media/posts/${post}/1.mp4" controls="" preload="none" playsinline="" width="640" height="360"></video>`);
  });

  it("formats lengths as m:ss, and h:mm:ss past an hour", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(12_400)).toBe("0:12");
    expect(formatDuration(2_600)).toBe("0:03");
    expect(formatDuration(65_000)).toBe("1:05");
    expect(formatDuration(600_000)).toBe("10:00");
    expect(formatDuration(3_599_000)).toBe("59:59");
    expect(formatDuration(3_723_000)).toBe("1:02:03");
  });
});
