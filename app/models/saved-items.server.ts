// The Saved page (docs/product.md §8): what a user saved — posts, projects and
// games — newest save first, keyset paged on likes_user_idx. Two queries a
// page: the saves with their items joined, and the first photo of the posts.
import { and, asc, desc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { getDb, schema } from "~/services/db.server";
import { cursorId, cursorInt, cursorParts, encodeCursor } from "~/services/cursor.server";
import { timeView } from "~/services/time.server";
import type { SavedItemView } from "~/types/views";
import { priceLabel } from "~/utils/price";
import type { LikeTarget } from "../../db/schema";
import { notBlockedWith } from "./blocks.server";
import { budgetLabel } from "~/utils/wanted";
import { dayIn, mustGoPassed } from "./listing-extras.server";
import { isExpired, mediaViews } from "./posts.server";
import { visibleAfterReports } from "./reports.server";

export const SAVED_PAGE_SIZE = 20;

const REMOVED: Record<LikeTarget, string> = {
  post: "This post was removed.",
  project: "This project was removed.",
  game: "This game was removed.",
};

const TITLE_MAX = 100;

type SavedCursor = { at: number; type: LikeTarget; id: string };

function decodeSavedCursor(value: string | null | undefined): SavedCursor | null {
  const parts = cursorParts(value, 3);
  const at = cursorInt(parts?.[0]);
  const type = parts?.[1];
  const id = cursorId(parts?.[2]);
  return at !== null && id !== null && (type === "post" || type === "project" || type === "game") ? { at, type, id } : null;
}

function firstLine(text: { text: string }[]): string {
  const line = (text[0]?.text ?? "").split("\n")[0]!.trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1).trimEnd()}…` : line;
}

export type SavedPage = { items: SavedItemView[]; nextCursor: string | null };

/**
 * One page of what `userId` saved, newest save first (keyset on the save's
 * time, kind and item id). A post that was deleted, is hidden from the viewer
 * by reports (or they reported it) or sits behind a block either way shows
 * only that it was removed; so does a deleted or withdrawn project or game.
 */
export async function getSavedPage(opts: { userId: string; timeZone: string; cursor?: string | null; limit?: number; now?: number }): Promise<SavedPage> {
  const { likes, posts, projects, games } = schema;
  const limit = opts.limit ?? SAVED_PAGE_SIZE;
  const now = opts.now ?? Date.now();
  const cursor = decodeSavedCursor(opts.cursor);
  const filters: (SQL | undefined)[] = [eq(likes.userId, opts.userId)];
  if (cursor) {
    filters.push(
      or(
        lt(likes.createdAt, cursor.at),
        and(eq(likes.createdAt, cursor.at), or(lt(likes.targetType, cursor.type), and(eq(likes.targetType, cursor.type), lt(likes.targetId, cursor.id)))),
      ),
    );
  }
  const visible = and(notBlockedWith(opts.userId, posts.authorId), visibleAfterReports(opts.userId, "any"))!;
  const rows = await getDb()
    .select({
      type: likes.targetType,
      targetId: likes.targetId,
      savedAt: likes.createdAt,
      post: {
        id: posts.id,
        text: posts.text,
        priceCents: posts.priceCents,
        isFree: posts.isFree,
        priceTerms: posts.priceTerms,
        status: posts.status,
        kind: posts.kind,
        wantedBudgetCents: posts.wantedBudgetCents,
        mustGoBy: posts.mustGoBy,
        lastActivityAt: posts.lastActivityAt,
        deletedAt: posts.deletedAt,
        imgCount: posts.imgCount,
        vidCount: posts.vidCount,
      },
      // For the viewer: not hidden by reports (nor reported by them) and not behind a block.
      visible: sql<number>`case when ${visible} then 1 else 0 end`.mapWith(Number),
      project: { title: projects.title, iconLink: projects.iconLink, deletedAt: projects.deletedAt, hiddenAt: projects.hiddenAt },
      game: { title: games.title, iconLink: games.iconLink, deletedAt: games.deletedAt, hiddenAt: games.hiddenAt },
    })
    .from(likes)
    .leftJoin(posts, and(eq(likes.targetType, "post"), eq(posts.id, likes.targetId)))
    .leftJoin(projects, and(eq(likes.targetType, "project"), eq(projects.id, likes.targetId)))
    .leftJoin(games, and(eq(likes.targetType, "game"), eq(games.id, likes.targetId)))
    .where(and(...filters))
    .orderBy(desc(likes.createdAt), desc(likes.targetType), desc(likes.targetId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const shown = page.filter((r) => r.post && r.post.deletedAt === null && r.visible === 1 && r.post.imgCount + r.post.vidCount > 0).map((r) => r.post!.id);
  const media = shown.length
    ? await getDb().select().from(schema.media).where(inArray(schema.media.postId, shown)).orderBy(asc(schema.media.postId), asc(schema.media.order))
    : [];
  const firstMedia = new Map<string, (typeof media)[number]>();
  for (const m of media) if (m.postId && !firstMedia.has(m.postId) && m.status !== "processing") firstMedia.set(m.postId, m);
  const items = page.map((r): SavedItemView => {
    const base = { id: `${r.type}:${r.targetId}`, kind: r.type, savedAt: timeView(r.savedAt, opts.timeZone, now), price: null, status: "available" as const, expired: false, wanted: null };
    const gone = { ...base, href: null, title: "", image: null, removed: REMOVED[r.type] };
    if (r.type === "post") {
      const p = r.post;
      if (!p || p.deletedAt !== null || r.visible !== 1) return gone;
      const title = firstLine(p.text);
      const first = firstMedia.get(p.id);
      const view = first ? mediaViews([first], { title: title || "Saved post" })[0] : undefined;
      const image = view ? (view.kind === "image" ? { src: view.src, srcSet: view.srcSet } : view.video?.thumbnail ? { src: view.video.thumbnail.src, srcSet: view.video.thumbnail.srcSet } : null) : null;
      return {
        ...base,
        href: `/post/${p.id}`,
        title: title || "Photo post",
        image,
        price: priceLabel(p),
        status: p.priceCents === null && p.kind !== "wanted" ? "available" : p.status,
        // As the feed has it: past its lifetime, or past its Must go by day (docs/product.md §7).
        expired: isExpired(p, now) || mustGoPassed(p.mustGoBy, dayIn(opts.timeZone, now)),
        wanted: p.kind === "wanted" ? { budget: budgetLabel(p.wantedBudgetCents) } : null,
        removed: null,
      };
    }
    const item = r.type === "project" ? r.project : r.game;
    if (!item || item.deletedAt !== null || item.hiddenAt !== null) return gone;
    return { ...base, href: `/${r.type}/${r.targetId}`, title: item.title, image: item.iconLink ? { src: item.iconLink, srcSet: null } : null, removed: null };
  });
  const last = page[page.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor([last.savedAt, last.type, last.targetId]) : null };
}
