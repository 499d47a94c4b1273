// Blocking (docs/product.md §11): a row per (blocker, blocked). A block works both ways —
// neither can message the other, neither sees the other's posts and comments
// in feeds, threads and search, neither is notified of the other — but only
// the blocker lists it in /settings/blocked and can lift it.
import { and, desc, eq, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { getDb, schema, type Db, type Tx } from "~/services/db.server";
import type { AuthorView } from "~/types/views";
import { authorColumns, authorView } from "./users.server";

export class BlockError extends Error {}

/** Blocks `blockedId` for `blockerId`; blocking again changes nothing. */
export async function blockUser(blockerId: string, blockedId: string): Promise<void> {
  if (blockerId === blockedId) throw new BlockError("You cannot block yourself.");
  const [target] = await getDb().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, blockedId)).limit(1);
  if (!target) throw new BlockError("Not found");
  await getDb().insert(schema.blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/** Lifts the block `blockerId` made (the other side cannot lift it). */
export async function unblockUser(blockerId: string, blockedId: string): Promise<void> {
  await getDb().delete(schema.blocks).where(and(eq(schema.blocks.blockerId, blockerId), eq(schema.blocks.blockedId, blockedId)));
}

/** Whether `a` blocked `b`. */
export async function hasBlocked(a: string, b: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ one: sql`1` })
    .from(schema.blocks)
    .where(and(eq(schema.blocks.blockerId, a), eq(schema.blocks.blockedId, b)))
    .limit(1);
  return !!row;
}

/** Whether either of the two blocked the other (two primary-key lookups). */
export async function isBlockedEitherWay(a: string, b: string, db: Tx | Db = getDb()): Promise<boolean> {
  const { blocks } = schema;
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return !!row;
}

/**
 * A condition for queries of posts (or anything with an author column): rows
 * by someone the viewer blocked, or who blocked the viewer, are left out. Two
 * primary-key probes per row, only as far as the page reads.
 */
export function notBlockedWith(viewerId: string | Placeholder, authorId: AnyColumn): SQL {
  const { blocks } = schema;
  return sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${authorId})
    and not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${authorId} and ${blocks.blockedId} = ${viewerId})`;
}

/** The people `userId` blocked, most recent first (/settings/blocked). */
export async function listBlocked(userId: string): Promise<AuthorView[]> {
  const rows = await getDb()
    .select({ author: authorColumns })
    .from(schema.blocks)
    .innerJoin(schema.users, eq(schema.users.id, schema.blocks.blockedId))
    .where(eq(schema.blocks.blockerId, userId))
    .orderBy(desc(schema.blocks.createdAt))
    .limit(500);
  return rows.map((r) => authorView(r.author));
}
