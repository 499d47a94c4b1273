// Inbox loader with 10,000 conversations (docs/product.md §10, §22): median time per page,
// the query plan, and the number of statements per page (never one per
// conversation) — on whichever database DATABASE_URL names (tests/unit/setup.ts).
import { expect, test } from "vitest";
import { countUnreadConversations, getInboxPage } from "~/models/messages.server";
import { dbClient, getDb, newId, onQuery, schema, transaction, type Statement } from "~/services/db.server";
import { seed } from "~/flows/seed.server";

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 10_000);
const CHUNK = 500;
const BUDGET_MS = 15;

function median(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

test(`inbox loader with ${CONVERSATIONS} conversations`, async () => {
  await seed({ demo: true });
  const db = getDb();
  const others = await db.select({ id: schema.users.id }).from(schema.users);
  const [me] = await db
    .insert(schema.users)
    .values({ id: newId(), campusId: "ou", firstName: "Busy", lastName: "B.", username: `busy-${Date.now()}`, email: `busy${Date.now()}@ou.edu`, verified: true, updatedAt: Date.now() })
    .returning();
  const start = Date.now() - CONVERSATIONS * 60_000;
  // Each conversation is about a listing of the other person, with two messages; a third unread.
  await transaction(async (tx) => {
    for (let from = 0; from < CONVERSATIONS; from += CHUNK) {
      const posts = [];
      const chats = [];
      const members = [];
      const messages = [];
      for (let i = from; i < Math.min(from + CHUNK, CONVERSATIONS); i++) {
        const other = others[i % others.length]!.id;
        const at = start + i * 60_000;
        const postId = newId();
        const chatId = newId();
        const [m1, m2] = [newId(), newId()];
        posts.push({ id: postId, campusId: "ou", authorId: other, text: [{ text: `Listing ${i}` }], priceCents: (i % 500) * 100 + 100, createdAt: at, lastActivityAt: at, updatedAt: at });
        chats.push({ id: chatId, postId, starterId: me!.id, sellerId: other, lastMessageId: m2, lastMessageAt: at + 1, createdAt: at, updatedAt: at + 1 });
        members.push(
          { chatId, userId: me!.id, lastActivityAt: at + 1, lastReadAt: i % 3 === 0 ? at : at + 1 },
          { chatId, userId: other, lastActivityAt: at + 1, lastReadAt: at + 1 },
        );
        messages.push({ id: m1, chatId, senderId: me!.id, text: `Is listing ${i} still available?`, createdAt: at }, { id: m2, chatId, senderId: other, text: "Yes, it is.", createdAt: at + 1 });
      }
      await tx.insert(schema.posts).values(posts);
      await tx.insert(schema.chats).values(chats);
      await tx.insert(schema.chatMembers).values(members);
      await tx.insert(schema.messages).values(messages);
    }
  });
  await dbClient().analyze();

  const time = async (fn: () => Promise<unknown>, n = 300) => {
    const samples: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fn();
      samples.push(performance.now() - t);
    }
    return median(samples);
  };
  const opts = { userId: me!.id, timeZone: "America/Chicago" };
  const first = await time(() => getInboxPage(opts));
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) cursor = (await getInboxPage({ ...opts, cursor })).nextCursor;
  const deep = await time(() => getInboxPage({ ...opts, cursor }));
  const unread = await time(() => countUnreadConversations(me!.id));

  const statements: Statement[] = [];
  const stop = onQuery((s) => statements.push(s));
  const page = await getInboxPage(opts);
  stop();
  const plan = (await dbClient().explain(statements[0]!)).split("\n").map((l) => l.trim()).join("; ");
  console.log(
    [
      `Inbox loader (${dbClient().dialect}), ${CONVERSATIONS.toLocaleString()} conversations: page 1 median ${first.toFixed(3)} ms, page 100 median ${deep.toFixed(3)} ms (budget ${BUDGET_MS} ms) ${first <= BUDGET_MS && deep <= BUDGET_MS ? "ok" : "OVER"}; unread count (${await countUnreadConversations(me!.id)}) median ${unread.toFixed(3)} ms`,
      `Query plan: ${plan}`,
      `Statements per page: ${statements.length}`,
    ].join("\n"),
  );
  expect(page.items).toHaveLength(10);
  expect(plan).toContain("chat_members_inbox_idx");
  // The page, the listings, their photos: never one per conversation.
  expect(statements.length).toBeLessThanOrEqual(3);
  expect(first).toBeLessThanOrEqual(BUDGET_MS);
});
