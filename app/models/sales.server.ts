// Sales (docs/product.md §10): a listing marked sold to one of the people who
// messaged the seller about it. A sale is what two-way reviews hang on, so it
// is recorded only between the listing's author and someone who actually
// wrote to them about it. Marking the listing available again within 48 hours
// undoes it (the row, and what hangs on it, goes: its reviews by cascade, the
// invitations to review with it).
import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { getDb, newId, schema, type Db, type Tx } from "~/services/db.server";
import { reviewInvitation } from "~/utils/reviews";

const { sales, chats, messages, notifications, users } = schema;

/** The invitations to review a sale carry this key (one per side: the key is unique per actor). */
const invitationKey = (saleId: string) => `review:sale:${saleId}`;

/** How long after a sale marking the listing available again undoes it. */
export const SALE_UNDO_WINDOW_MS = 48 * 3600_000;

export type SaleRow = typeof sales.$inferSelect;

export class SaleError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The conversation `buyerId` started about `postId` in which they wrote at
 * least one message, or null: who may be recorded as the buyer.
 */
export async function buyerConversation(postId: string, buyerId: string, db: Tx | Db = getDb()): Promise<string | null> {
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(
      and(
        eq(chats.postId, postId),
        eq(chats.starterId, buyerId),
        sql`exists (select 1 from ${messages} where ${messages.chatId} = ${chats.id} and ${messages.senderId} = ${buyerId})`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Records that `sellerId` sold `postId` to `buyerId` for `priceCents`. The
 * caller has checked the seller owns the listing; this checks the buyer
 * messaged about it (else 400, nothing stored).
 */
export async function recordSale(
  input: { postId: string; sellerId: string; buyerId: string; priceCents: number; now?: number },
  db: Tx | Db = getDb(),
): Promise<SaleRow> {
  if (input.buyerId === input.sellerId) throw new SaleError("Choose someone who messaged you about it.", 400);
  const chatId = await buyerConversation(input.postId, input.buyerId, db);
  if (!chatId) throw new SaleError("Choose someone who messaged you about it.", 400);
  const row: SaleRow = {
    id: newId(),
    postId: input.postId,
    sellerId: input.sellerId,
    buyerId: input.buyerId,
    chatId,
    priceCents: input.priceCents,
    createdAt: input.now ?? Date.now(),
  };
  await db.insert(sales).values(row);
  // Each side is asked "How did it go with {first name}?", leading to the conversation where the review is left.
  const people = await db.select({ id: users.id, firstName: users.firstName }).from(users).where(inArray(users.id, [input.sellerId, input.buyerId]));
  const firstName = (id: string) => people.find((p) => p.id === id)?.firstName ?? "";
  await db.insert(notifications).values(
    [
      { to: input.sellerId, about: input.buyerId },
      { to: input.buyerId, about: input.sellerId },
    ].map((n) => ({
      id: newId(),
      userId: n.to,
      actorId: n.about,
      type: "review" as const,
      chatId,
      message: reviewInvitation(firstName(n.about)),
      onceKey: invitationKey(row.id),
      createdAt: row.createdAt,
    })),
  );
  return row;
}

/** The listing's latest sale, if any. */
export async function latestSale(postId: string, db: Tx | Db = getDb()): Promise<SaleRow | null> {
  const [row] = await db.select().from(sales).where(eq(sales.postId, postId)).orderBy(desc(sales.createdAt)).limit(1);
  return row ?? null;
}

/** A sale by id. */
export async function getSale(saleId: string, db: Tx | Db = getDb()): Promise<SaleRow | null> {
  const [row] = await db.select().from(sales).where(eq(sales.id, saleId)).limit(1);
  return row ?? null;
}

/**
 * Undoes the listing's sale if it was recorded less than 48 hours ago (the
 * seller marked it available again); an older sale stands. Returns whether one went.
 */
export async function undoRecentSale(postId: string, now = Date.now(), db: Tx | Db = getDb()): Promise<boolean> {
  const deleted = await db
    .delete(sales)
    .where(and(eq(sales.postId, postId), gt(sales.createdAt, now - SALE_UNDO_WINDOW_MS)))
    .returning({ id: sales.id });
  if (deleted.length === 0) return false;
  await db.delete(notifications).where(inArray(notifications.onceKey, deleted.map((d) => invitationKey(d.id))));
  return true;
}

/** How many recorded sales `sellerId` has (the seller card's "{n} sold"). */
export async function soldCount(sellerId: string, db: Tx | Db = getDb()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sales).where(eq(sales.sellerId, sellerId));
  return Number(row?.n ?? 0);
}
