import { and, desc, eq, inArray, isNull, lt, or, type SQL } from "drizzle-orm";
import { getDb, schema } from "~/services/db.server";
import { timeView } from "~/utils/time.server";
import type { MediaView, PostCardView } from "./types";
import { authorColumns, authorView } from "./users.server";

export const PAGE_SIZE = 10;

const { posts } = schema;

/** A top-level post: not a comment, not on a game or project, not deleted. */
const isTopLevel = and(
  isNull(posts.parentId),
  isNull(posts.gameId),
  isNull(posts.projectId),
  isNull(posts.deletedAt),
);

type Cursor = { at: number; id: string };

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.at}.${c.id}`).toString("base64url");
}

export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value) return null;
  const raw = Buffer.from(value, "base64url").toString();
  const dot = raw.indexOf(".");
  const at = Number(raw.slice(0, dot));
  const id = raw.slice(dot + 1);
  return dot > 0 && Number.isSafeInteger(at) && id ? { at, id } : null;
}

export type FeedPage = { posts: PostCardView[]; nextCursor: string | null };

/**
 * One page of a campus feed: top-level posts by last activity (spec §7), keyset
 * paginated so page 1,000 costs what page 1 does. Two queries per page, never
 * one per post.
 */
export function getFeedPage(opts: {
  campusId: string;
  timeZone: string;
  cursor?: string | null;
  category?: string | null;
  authorId?: string;
  limit?: number;
}): FeedPage {
  const limit = opts.limit ?? PAGE_SIZE;
  const cursor = decodeCursor(opts.cursor);
  const filters: (SQL | undefined)[] = [eq(posts.campusId, opts.campusId), isTopLevel];
  if (opts.category && opts.category !== "all") filters.push(eq(posts.category, opts.category));
  if (opts.authorId) filters.push(eq(posts.authorId, opts.authorId));
  if (cursor) {
    filters.push(
      or(
        lt(posts.lastActivityAt, cursor.at),
        and(eq(posts.lastActivityAt, cursor.at), lt(posts.id, cursor.id)),
      ),
    );
  }
  const rows = getDb()
    .select({
      id: posts.id,
      text: posts.text,
      category: posts.category,
      createdAt: posts.createdAt,
      lastActivityAt: posts.lastActivityAt,
      likeCount: posts.likeCount,
      commentCount: posts.commentCount,
      imgCount: posts.imgCount,
      vidCount: posts.vidCount,
      author: authorColumns,
    })
    .from(posts)
    .innerJoin(schema.users, eq(schema.users.id, posts.authorId))
    .where(and(...filters))
    .orderBy(desc(posts.lastActivityAt), desc(posts.id))
    .limit(limit + 1)
    .all();

  const page = rows.slice(0, limit);
  const mediaByPost = loadMedia(page.filter((p) => p.imgCount + p.vidCount > 0).map((p) => p.id));
  const now = Date.now();
  const last = page[page.length - 1];
  return {
    posts: page.map((p) => ({
      id: p.id,
      text: p.text,
      category: p.category,
      author: authorView(p.author),
      time: timeView(p.createdAt, opts.timeZone, now),
      likeCount: p.likeCount,
      commentCount: p.commentCount,
      media: mediaByPost.get(p.id) ?? [],
    })),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.lastActivityAt, id: last.id }) : null,
  };
}

/** Media of several posts in one query, in img_order. */
export function loadMedia(postIds: string[]): Map<string, MediaView[]> {
  const byPost = new Map<string, MediaView[]>();
  if (postIds.length === 0) return byPost;
  const rows = getDb()
    .select()
    .from(schema.media)
    .where(inArray(schema.media.postId, postIds))
    .orderBy(schema.media.postId, schema.media.order)
    .all();
  for (const m of rows) {
    const list = byPost.get(m.postId!) ?? [];
    list.push(mediaView(m));
    byPost.set(m.postId!, list);
  }
  return byPost;
}

export function mediaView(m: typeof schema.media.$inferSelect): MediaView {
  const widths = m.variants ?? [];
  const largest = widths[widths.length - 1];
  if (m.kind === "video" || largest === undefined) {
    return { kind: m.kind, src: `/media/${m.path}`, srcSet: null, width: m.width, height: m.height, name: m.name };
  }
  // The feed shows images at most 640 px wide; larger variants are for the post page.
  const feedWidth = widths.filter((w) => w <= 640).pop() ?? widths[0]!;
  return {
    kind: "image",
    src: `/media/${m.path}-${feedWidth}.webp`,
    srcSet: widths.map((w) => `/media/${m.path}-${w}.webp ${w}w`).join(", "),
    width: m.width,
    height: m.height,
    name: m.name,
  };
}
