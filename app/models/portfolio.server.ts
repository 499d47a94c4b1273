// Projects and games: rows kept in step with content/projects and content/games.
import { and, desc, eq, isNull, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { listContent } from "~/services/content.server";
import { getDb, schema, transaction, type Tx } from "~/services/db.server";
import { decodeCursor, encodeCursor, PAGE_SIZE } from "./posts.server";

/**
 * Makes the rows match the files: a new file adds a row, a changed one updates
 * it, a removed one hides it (its likes and comments stay). A row the owner
 * deleted stays deleted while its file is still there. Recounts the owner's
 * totals in the same transaction.
 */
export function syncPortfolio(ownerId: string, contentDir?: string) {
  const projectFiles = listContent("projects", undefined, contentDir);
  const gameFiles = listContent("games", undefined, contentDir);
  const now = Date.now();
  transaction((tx) => {
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
      tx.insert(schema.projects)
        .values({ id, ownerId, ...values })
        .onConflictDoUpdate({ target: schema.projects.id, set: values })
        .run();
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
      tx.insert(schema.games)
        .values({ id, ownerId, ...values })
        .onConflictDoUpdate({ target: schema.games.id, set: values })
        .run();
    }
    const projectIds = projectFiles.map((p) => p.id);
    const gameIds = gameFiles.map((g) => g.id);
    tx.update(schema.projects)
      .set({ hiddenAt: now })
      .where(and(isNull(schema.projects.hiddenAt), projectIds.length ? notInArray(schema.projects.id, projectIds) : undefined))
      .run();
    tx.update(schema.games)
      .set({ hiddenAt: now })
      .where(and(isNull(schema.games.hiddenAt), gameIds.length ? notInArray(schema.games.id, gameIds) : undefined))
      .run();
    recountPortfolio(tx, ownerId);
  });
}

/** totalProjects / totalGames = the owner's visible, undeleted items. */
export function recountPortfolio(tx: Tx, userId: string) {
  tx.update(schema.users)
    .set({
      totalProjects: sql`(select count(*) from projects where owner_id = ${userId} and hidden_at is null and deleted_at is null)`,
      totalGames: sql`(select count(*) from games where owner_id = ${userId} and hidden_at is null and deleted_at is null)`,
    })
    .where(eq(schema.users.id, userId))
    .run();
}

const visibleProject = and(isNull(schema.projects.hiddenAt), isNull(schema.projects.deletedAt));

/** The projects shown on the More › Projects panel and the owner's profile. */
export function listProjects() {
  return getDb()
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
    .orderBy(sql`${schema.projects.createdAt} desc`)
    .all();
}

const visibleGame = and(isNull(schema.games.hiddenAt), isNull(schema.games.deletedAt));

/** The games shown on the owner's profile and the landing page, newest first. */
export function listGames() {
  return getDb()
    .select({
      id: schema.games.id,
      title: schema.games.title,
      shortDescription: schema.games.shortDescription,
      iconLink: schema.games.iconLink,
      gameLink: schema.games.gameLink,
    })
    .from(schema.games)
    .where(visibleGame)
    .orderBy(sql`${schema.games.createdAt} desc`)
    .all();
}

export type PortfolioPage = {
  items: { id: string; title: string; shortDescription: string; iconLink: string | null }[];
  nextCursor: string | null;
};

/**
 * One page of a user's projects or games for their profile (spec §7: by owner,
 * newest first, 10 per page), keyset paginated like the feed.
 */
export function portfolioPage(kind: "project" | "game", opts: { ownerId: string; cursor?: string | null; limit?: number }): PortfolioPage {
  const table = kind === "project" ? schema.projects : schema.games;
  const limit = opts.limit ?? PAGE_SIZE;
  const cursor = decodeCursor(opts.cursor);
  const filters: (SQL | undefined)[] = [eq(table.ownerId, opts.ownerId), isNull(table.hiddenAt), isNull(table.deletedAt)];
  if (cursor) filters.push(or(lt(table.createdAt, cursor.at), and(eq(table.createdAt, cursor.at), lt(table.id, cursor.id))));
  const rows = getDb()
    .select({ id: table.id, title: table.title, shortDescription: table.shortDescription, iconLink: table.iconLink, createdAt: table.createdAt })
    .from(table)
    .where(and(...filters))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit + 1)
    .all();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ createdAt: _createdAt, ...item }) => item),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}
