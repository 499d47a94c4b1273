// Saves ("likes", §4): a row per (user, target) with a unique key, and a
// counter on the target changed in the same transaction.
import { and, eq, sql } from "drizzle-orm";
import type { LikeTarget } from "../../db/schema";
import { schema, transaction, type Tx } from "~/services/db.server";
import { notify } from "./notifications.server";

const TARGET_TABLES = { post: schema.posts, game: schema.games, project: schema.projects } as const;

function targetRow(tx: Tx, type: LikeTarget, id: string) {
  if (type === "post") {
    const p = tx.select().from(schema.posts).where(eq(schema.posts.id, id)).get();
    return p && !p.deletedAt ? { ownerId: p.authorId, isComment: Boolean(p.parentId || p.gameId || p.projectId) } : undefined;
  }
  const table = TARGET_TABLES[type];
  const row = tx.select({ ownerId: table.ownerId, deletedAt: table.deletedAt, hiddenAt: table.hiddenAt }).from(table).where(eq(table.id, id)).get();
  return row && !row.deletedAt && !row.hiddenAt ? { ownerId: row.ownerId, isComment: false } : undefined;
}

export class LikeError extends Error {}

/**
 * Adds the viewer's save if absent, removes it if present; returns the new
 * state and count. Safe under concurrent toggles: the insert either happens
 * or hits the unique key, and the counter follows in the same transaction.
 */
export function toggleLike(input: { userId: string; type: LikeTarget; id: string; origin: string }): { saved: boolean; count: number } {
  return transaction((tx) => {
    const target = targetRow(tx, input.type, input.id);
    if (!target) throw new LikeError("Not found");
    const table = TARGET_TABLES[input.type];
    const inserted = tx
      .insert(schema.likes)
      .values({ userId: input.userId, targetType: input.type, targetId: input.id })
      .onConflictDoNothing()
      .run().changes;
    if (!inserted) {
      tx.delete(schema.likes)
        .where(and(eq(schema.likes.userId, input.userId), eq(schema.likes.targetType, input.type), eq(schema.likes.targetId, input.id)))
        .run();
    }
    const delta = inserted ? 1 : -1;
    const row = tx
      .update(table)
      .set({ likeCount: sql`max(0, ${table.likeCount} + ${delta})` })
      .where(eq(table.id, input.id))
      .returning({ count: table.likeCount })
      .get();
    // One notification per saver and item: saving again, even after un-saving, notifies no one.
    if (inserted && input.type === "post") {
      notify(tx, {
        userId: target.ownerId,
        actorId: input.userId,
        type: target.isComment ? "comment interaction" : "post interaction",
        postId: input.id,
        about: { type: "post", id: input.id },
        once: true,
        link: { origin: input.origin, path: `/post/${input.id}` },
      });
    } else if (inserted) {
      notify(tx, {
        userId: target.ownerId,
        actorId: input.userId,
        type: "post interaction",
        gameId: input.type === "game" ? input.id : undefined,
        projectId: input.type === "project" ? input.id : undefined,
        about: { type: input.type, id: input.id },
        once: true,
        link: { origin: input.origin, path: `/${input.type}/${input.id}` },
      });
    }
    return { saved: Boolean(inserted), count: row?.count ?? 0 };
  });
}
