// Projects and games (docs/product.md §20): rows kept in step with content/projects and
// content/games, read for their pages and the owner's profile, saved,
// commented on (comments are posts with gameId/projectId) and deleted by the
// owner. The two entities behave the same, so one module serves both.
import { and, desc, eq, inArray, isNull, lt, notInArray, or } from "drizzle-orm";
import { contentRoot, contentSignature, listContent } from "~/services/content.server";
import { getDb, schema, transaction, type Tx } from "~/services/db.server";
import { removeMedia } from "~/services/media.server";
import { decodeKeysetCursor, encodeKeysetCursor } from "~/services/cursor.server";
import { mediaViews, mediaVisibleTo, PAGE_SIZE } from "./posts.server";
import type { PortfolioItemView, PortfolioKind } from "~/types/views";

export type { PortfolioItemView, PortfolioKind };
import { authorColumns, authorView, isOwner, type User } from "./users.server";


const TABLES = { project: schema.projects, game: schema.games } as const;

// ---------------------------------------------------------------------------
// Keeping the rows in step with the files

/**
 * Makes the rows match the files: a new file adds a row, a changed one updates
 * it, a removed one hides it (its likes and comments stay). A row the owner
 * deleted stays deleted while its file is still there. Recounts the owner's
 * totals in the same transaction.
 */
export async function syncPortfolio(ownerId: string, contentDir?: string) {
  // Taken before reading, so a file changed during the sync is seen by the next look.
  syncedSignatures.set(contentRoot(contentDir), contentSignature(["projects", "games"], contentDir));
  const projectFiles = listContent("projects", undefined, contentDir);
  const gameFiles = listContent("games", undefined, contentDir);
  const now = Date.now();
  await transaction(async (tx) => {
    for (const { id, data } of projectFiles) {
      const values = {
        title: data.title,
        shortDescription: data.short_description,
        githubLink: data.github_link ?? null,
        viewLink: data.view_link ?? null,
        iconLink: data.icon_link ?? null,
        bannerImg: data.banner_img ?? null,
        createdAt: data.created_at,
        hiddenAt: null,
      };
      await tx.insert(schema.projects)
        .values({ id, ownerId, ...values })
        .onConflictDoUpdate({ target: schema.projects.id, set: values });
    }
    for (const { id, data } of gameFiles) {
      const values = {
        title: data.title,
        shortDescription: data.short_description,
        gameLink: data.game_link,
        iconLink: data.icon_link ?? null,
        createdAt: data.created_at,
        hiddenAt: null,
      };
      await tx.insert(schema.games)
        .values({ id, ownerId, ...values })
        .onConflictDoUpdate({ target: schema.games.id, set: values });
    }
    const projectIds = projectFiles.map((p) => p.id);
    const gameIds = gameFiles.map((g) => g.id);
    await tx.update(schema.projects)
      .set({ hiddenAt: now })
      .where(and(isNull(schema.projects.hiddenAt), projectIds.length ? notInArray(schema.projects.id, projectIds) : undefined));
    await tx.update(schema.games)
      .set({ hiddenAt: now })
      .where(and(isNull(schema.games.hiddenAt), gameIds.length ? notInArray(schema.games.id, gameIds) : undefined));
    await recountPortfolio(tx, ownerId);
  });
}

/** totalProjects / totalGames = the owner's visible, undeleted items. */
export async function recountPortfolio(tx: Tx, userId: string) {
  const { projects, games } = schema;
  await tx.update(schema.users)
    .set({
      totalProjects: tx.$count(projects, and(eq(projects.ownerId, userId), isNull(projects.hiddenAt), isNull(projects.deletedAt))),
      totalGames: tx.$count(games, and(eq(games.ownerId, userId), isNull(games.hiddenAt), isNull(games.deletedAt))),
    })
    .where(eq(schema.users.id, userId));
}

/** The files each content folder had at its last sync in this process. */
const g = globalThis as typeof globalThis & { __portfolioSynced?: Map<string, string> };
const syncedSignatures = (g.__portfolioSynced ??= new Map());

/**
 * Syncs again when a project or game file was added, edited or removed since
 * the last sync (a few stat calls), so the owner sees a new file or an edit to
 * the front matter on the next request, without a restart.
 */
export async function ensurePortfolioFresh(contentDir?: string) {
  const signature = contentSignature(["projects", "games"], contentDir);
  if (syncedSignatures.get(contentRoot(contentDir)) === signature) return;
  const [owner] = await getDb().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.role, "owner")).limit(1);
  if (owner) await syncPortfolio(owner.id, contentDir);
}

// ---------------------------------------------------------------------------
// Reading

const visibleProject = and(isNull(schema.projects.hiddenAt), isNull(schema.projects.deletedAt));
const visibleGame = and(isNull(schema.games.hiddenAt), isNull(schema.games.deletedAt));

/** The projects shown on the More › Projects panel and the landing page, newest first. */
export async function listProjects() {
  return await getDb()
    .select({
      id: schema.projects.id,
      title: schema.projects.title,
      shortDescription: schema.projects.shortDescription,
      iconLink: schema.projects.iconLink,
      githubLink: schema.projects.githubLink,
      viewLink: schema.projects.viewLink,
    })
    .from(schema.projects)
    .where(visibleProject)
    .orderBy(desc(schema.projects.createdAt), desc(schema.projects.id));
}

/** The games shown on the landing page, newest first. */
export async function listGames() {
  return await getDb()
    .select({
      id: schema.games.id,
      title: schema.games.title,
      shortDescription: schema.games.shortDescription,
      iconLink: schema.games.iconLink,
      gameLink: schema.games.gameLink,
    })
    .from(schema.games)
    .where(visibleGame)
    .orderBy(desc(schema.games.createdAt), desc(schema.games.id));
}

export type PortfolioListItem = { id: string; title: string; shortDescription: string; iconLink: string | null };

/**
 * One page of a user's projects or games for their profile tabs (docs/product.md §5:
 * user matches, createdAt descending, 10 per page), keyset paginated like the
 * feed: pass `nextCursor` back as `cursor` for the next page.
 */
export async function listPortfolioPage(
  kind: PortfolioKind,
  opts: { ownerId: string; cursor?: string | null; limit?: number },
): Promise<{ items: PortfolioListItem[]; nextCursor: string | null }> {
  const table = TABLES[kind];
  const limit = opts.limit ?? PAGE_SIZE;
  const cursor = decodeKeysetCursor(opts.cursor);
  const rows = await getDb()
    .select({ id: table.id, title: table.title, shortDescription: table.shortDescription, iconLink: table.iconLink, createdAt: table.createdAt })
    .from(table)
    .where(
      and(
        eq(table.ownerId, opts.ownerId),
        isNull(table.hiddenAt),
        isNull(table.deletedAt),
        cursor ? or(lt(table.createdAt, cursor.at), and(eq(table.createdAt, cursor.at), lt(table.id, cursor.id))) : undefined,
      ),
    )
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ createdAt: _createdAt, ...item }) => item),
    nextCursor: rows.length > limit && last ? encodeKeysetCursor({ at: last.createdAt, id: last.id }) : null,
  };
}


export type PortfolioLookup = { status: "ok"; item: PortfolioItemView } | { status: "deleted" } | { status: "missing" };

/**
 * A project or game for its page. A row whose file is gone is missing; one the
 * owner deleted (file or not) says so ("Sorry, that project has been deleted.", docs/product.md §20).
 */
export async function getPortfolioItem(kind: PortfolioKind, id: string, viewerId?: string | null): Promise<PortfolioLookup> {
  const db = getDb();
  const table = TABLES[kind];
  const [row] = await db
    .select({ item: table, owner: authorColumns })
    .from(table)
    .innerJoin(schema.users, eq(schema.users.id, table.ownerId))
    .where(eq(table.id, id))
    .limit(1);
  if (row?.item.deletedAt) return { status: "deleted" };
  if (!row || row.item.hiddenAt) return { status: "missing" };
  const item = row.item as typeof row.item & Partial<typeof schema.projects.$inferSelect & typeof schema.games.$inferSelect>;
  const saved = viewerId
    ? (
        await db
          .select({ id: schema.likes.targetId })
          .from(schema.likes)
          .where(and(eq(schema.likes.userId, viewerId), eq(schema.likes.targetType, kind), eq(schema.likes.targetId, id)))
          .limit(1)
      ).length > 0
    : false;
  const gallery = mediaViews(
    await db
      .select()
      .from(schema.media)
      .where(and(isNull(schema.media.postId), kind === "game" ? eq(schema.media.gameId, id) : eq(schema.media.projectId, id), mediaVisibleTo(viewerId)))
      .orderBy(schema.media.order),
    { title: item.title },
  );
  return {
    status: "ok",
    item: {
      kind,
      id: item.id,
      title: item.title,
      shortDescription: item.shortDescription,
      iconLink: item.iconLink,
      bannerImg: item.bannerImg ?? null,
      githubLink: item.githubLink ?? null,
      viewLink: item.viewLink ?? null,
      gameLink: item.gameLink ?? null,
      likeCount: item.likeCount,
      commentCount: item.commentCount,
      saved,
      owner: authorView(row.owner),
      gallery,
    },
  };
}

// ---------------------------------------------------------------------------
// Deleting

export class PortfolioError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const DELETED_MESSAGE = {
  project: "Sorry, that project has been deleted.",
  game: "Sorry, that game has been deleted.",
} as const;

const IMAGES_FAILED = {
  project: "Couldn't delete project images",
  game: "Couldn't delete game images",
} as const;

/** Only the portfolio owner (OWNER_USERNAME) deletes their own projects and games. */
export function canDeletePortfolio(user: Pick<User, "id" | "role"> | null | undefined, ownerId: string): boolean {
  return isOwner(user) && user?.id === ownerId;
}

/**
 * Deletes a project or game (docs/product.md §20): its gallery images from storage and the
 * database — if they cannot be removed nothing else changes — then its
 * comments recursively with their images, saves and notifications, and the
 * saves of the item itself; the row keeps a tombstone (`deletedAt`) so its
 * link says it was deleted and the next sync does not bring it back while the
 * file is still in content/. totalGames/totalProjects are recounted.
 */
export async function deletePortfolioItem(kind: PortfolioKind, id: string, user: Pick<User, "id" | "role">) {
  const db = getDb();
  const table = TABLES[kind];
  const [row] = await db.select({ ownerId: table.ownerId, hiddenAt: table.hiddenAt, deletedAt: table.deletedAt }).from(table).where(eq(table.id, id)).limit(1);
  if (row?.deletedAt) throw new PortfolioError(DELETED_MESSAGE[kind], 410);
  if (!row || row.hiddenAt) throw new PortfolioError("Not Found", 404);
  if (!canDeletePortfolio(user, row.ownerId)) throw new PortfolioError("Forbidden", 403);

  const onItem = kind === "game" ? eq(schema.posts.gameId, id) : eq(schema.posts.projectId, id);
  // Every comment and reply below the item carries its id: no recursion needed to find them.
  const commentIds = (await db.select({ id: schema.posts.id }).from(schema.posts).where(onItem)).map((r) => r.id);
  const gallery = await db
    .select()
    .from(schema.media)
    .where(and(isNull(schema.media.postId), kind === "game" ? eq(schema.media.gameId, id) : eq(schema.media.projectId, id)));
  const commentMedia = commentIds.length ? await db.select().from(schema.media).where(inArray(schema.media.postId, commentIds)) : [];
  try {
    if (gallery.length || commentMedia.length) await removeMedia([...gallery, ...commentMedia]);
  } catch {
    throw new PortfolioError(IMAGES_FAILED[kind], 500);
  }
  try {
    await transaction(async (tx) => {
      const mediaIds = [...gallery, ...commentMedia].map((m) => m.id);
      if (mediaIds.length) await tx.delete(schema.media).where(inArray(schema.media.id, mediaIds));
      if (commentIds.length) {
        await tx.delete(schema.likes).where(and(eq(schema.likes.targetType, "post"), inArray(schema.likes.targetId, commentIds)));
        await tx.delete(schema.notifications).where(inArray(schema.notifications.postId, commentIds));
        await tx.delete(schema.posts).where(inArray(schema.posts.id, commentIds));
      }
      await tx.delete(schema.likes).where(and(eq(schema.likes.targetType, kind), eq(schema.likes.targetId, id)));
      await tx.delete(schema.notifications)
        .where(kind === "game" ? eq(schema.notifications.gameId, id) : eq(schema.notifications.projectId, id));
      await tx.update(table).set({ deletedAt: Date.now(), likeCount: 0, commentCount: 0 }).where(eq(table.id, id));
      await recountPortfolio(tx, row.ownerId);
    });
  } catch (error) {
    console.error(error);
    throw new PortfolioError("Something went wrong", 500);
  }
}
