// Saves ("likes", docs/product.md §8): a row per (user, target) with a unique key, and a
// counter on the target changed in the same transaction.
import { and, eq, sql } from "drizzle-orm";
import type { LikeTarget } from "../../db/schema";
import { atLeastZero, schema, transaction, type Tx } from "~/services/db.server";
import { CANT_INTERACT } from "~/utils/messages";
import { isBlockedEitherWay } from "./blocks.server";
import { notify } from "./notifications.server";
import { isPostHiddenFrom } from "./posts.server";

// What can be saved, for the layers above (they reach the tables only through the models).
export type { LikeTarget };

const TARGET_TABLES = { post: schema.posts, game: schema.games, project: schema.projects } as const;

async function targetRow(tx: Tx, type: LikeTarget, id: string) {
  if (type === "post") {
    const [p] = await tx.select().from(schema.posts).where(eq(schema.posts.id, id)).limit(1);
    return p && !p.deletedAt ? { ownerId: p.authorId, isComment: Boolean(p.parentId || p.gameId || p.projectId) } : undefined;
  }
  const table = TARGET_TABLES[type];
  const [row] = await tx.select({ ownerId: table.ownerId, deletedAt: table.deletedAt, hiddenAt: table.hiddenAt }).from(table).where(eq(table.id, id)).limit(1);
  return row && !row.deletedAt && !row.hiddenAt ? { ownerId: row.ownerId, isComment: false } : undefined;
}

export class LikeError extends Error {}

/**
 * Adds the viewer's save if absent, removes it if present; returns the new
 * state and count. Safe under concurrent toggles: the insert either happens
 * or hits the unique key, and the counter follows in the same transaction.
 * A post hidden from the user by reports is not there for them (LikeError).
 */
export async function toggleLike(input: { userId: string; type: LikeTarget; id: string; origin: string }): Promise<{ saved: boolean; count: number }> {
  if (input.type === "post" && (await isPostHiddenFrom(input.id, input.userId))) throw new LikeError("Not found");
  return transaction(async (tx) => {
    const target = await targetRow(tx, input.type, input.id);
    if (!target) throw new LikeError("Not found");
    // Behind a block, either way: refused (the caller's permission check says so first).
    if (target.ownerId !== input.userId && (await isBlockedEitherWay(input.userId, target.ownerId, tx))) throw new LikeError(CANT_INTERACT);
    const table = TARGET_TABLES[input.type];
    const inserted =
      (
        await tx
          .insert(schema.likes)
          .values({ userId: input.userId, targetType: input.type, targetId: input.id })
          .onConflictDoNothing()
          .returning({ userId: schema.likes.userId })
      ).length > 0;
    if (!inserted) {
      await tx.delete(schema.likes)
        .where(and(eq(schema.likes.userId, input.userId), eq(schema.likes.targetType, input.type), eq(schema.likes.targetId, input.id)));
    }
    const delta = inserted ? 1 : -1;
    const [row] = await tx
      .update(table)
      .set({ likeCount: atLeastZero(sql`${table.likeCount} + ${delta}`) })
      .where(eq(table.id, input.id))
      .returning({ count: table.likeCount });
    // One notification per saver and item: saving again, even after un-saving, notifies no one.
    if (inserted && input.type === "post") {
      await notify(tx, {
        userId: target.ownerId,
        actorId: input.userId,
        type: target.isComment ? "comment interaction" : "post interaction",
        postId: input.id,
        about: { type: "post", id: input.id },
        once: true,
        link: { origin: input.origin, path: `/post/${input.id}` },
      });
    } else if (inserted) {
      await notify(tx, {
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
