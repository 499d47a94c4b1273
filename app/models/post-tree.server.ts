// The tree of posts and comments (a comment's parent_id) and the counters kept
// along it: the comment counts of a thread's top post and of the comment a
// reply answers, of a game or project, and the author's post total. Those counters are what others see, so
// they leave out what reports hide: each is the number of items below (or by)
// that are not hidden, moved by one when an item is hidden or shown again.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { atLeastZero, schema, type Db, type Tx } from "~/services/db.server";

const { posts } = schema;

// Recursive CTEs are standard SQL; drizzle has no builder for them, so each is
// a subquery in FROM (both dialects accept WITH there) with a typed column.

/** Ids of a post and everything below it (one recursive query). */
export async function subtreeIds(tx: Tx | Db, id: string): Promise<string[]> {
  const rows = await tx
    .select({ id: sql<string>`tree.id` })
    .from(
      sql`(with recursive tree(id) as (
            select id from posts where id = ${id}
            union all
            select p.id from posts p join tree on p.parent_id = tree.id
          ) select id from tree) as tree`,
    );
  return rows.map((r) => r.id);
}

/** A post or comment as the counters need it. */
export type CountedPost = { id: string; authorId: string; parentId: string | null; rootId: string | null; gameId: string | null; projectId: string | null };

/**
 * Moves the counters an item counts in by `delta`: its author's post total (a
 * top-level post), or for a comment the comment counts of the thread's top
 * post (its whole thread) and of the comment it answers (its direct replies),
 * and of its game or project. Hiding an item is -1, showing it again +1.
 */
export async function moveCounts(tx: Tx, post: CountedPost, delta: 1 | -1): Promise<void> {
  const by = (column: typeof posts.commentCount | typeof schema.games.commentCount | typeof schema.projects.commentCount) =>
    delta > 0 ? sql`${column} + 1` : atLeastZero(sql`${column} - 1`);
  if (post.parentId) {
    const inPostThread = !post.gameId && !post.projectId;
    if (inPostThread && post.rootId) await tx.update(posts).set({ commentCount: by(posts.commentCount) }).where(eq(posts.id, post.rootId));
    if (!inPostThread || post.parentId !== post.rootId) await tx.update(posts).set({ commentCount: by(posts.commentCount) }).where(eq(posts.id, post.parentId));
  }
  if (post.gameId) await tx.update(schema.games).set({ commentCount: by(schema.games.commentCount) }).where(eq(schema.games.id, post.gameId));
  if (post.projectId) await tx.update(schema.projects).set({ commentCount: by(schema.projects.commentCount) }).where(eq(schema.projects.id, post.projectId));
  if (!post.parentId && !post.gameId && !post.projectId) {
    const total = schema.users.totalPosts;
    await tx.update(schema.users).set({ totalPosts: delta > 0 ? sql`${total} + 1` : atLeastZero(sql`${total} - 1`) }).where(eq(schema.users.id, post.authorId));
  }
}

/** Which of these posts the counters count: those not hidden by reports. */
export async function countedAmong(tx: Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: posts.id }).from(posts).where(and(inArray(posts.id, ids), isNull(posts.hiddenAt)));
  return new Set(rows.map((r) => r.id));
}
