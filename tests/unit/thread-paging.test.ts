// Bounded threads: a page of 50 top-level comments at a time (keyset), at
// most five levels of nesting with deeper replies flattened, replies that
// touch only their root, and a huge thread that loads and renders in bounded
// work — on whichever database DATABASE_URL names (tests/unit/setup.ts).
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { PostActionsScope } from "~/components/post-actions";
import { CommentThread } from "~/components/comment-thread";
import {
  createPost,
  deletePost,
  getParentChain,
  getPost,
  getThread,
  MAX_THREAD_LEVEL,
  REPLIES_PER_COMMENT,
  THREAD_PAGE_SIZE,
  type CommentNode,
} from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import PostPage, { loader } from "~/routes/post.$id/route";
import { getDb, newId, onQuery, schema, transaction } from "~/services/db.server";
import { seed } from "~/flows/seed.server";
import { renderPage } from "./render-page";

const TZ = "America/Chicago";
const origin = "http://localhost:3000";
let n = 0;
async function user() {
  n++;
  return insertUser({ campusId: "ou", firstName: `Thread${n}`, lastName: "T.", username: `thread-${n}`, email: `thread${n}@ou.edu`, verified: true, schoolVerified: true });
}
const post = (authorId: string, t: string, parentId?: string) => createPost({ authorId, campusId: "ou", blocks: [{ text: t }], media: [], origin, parentId });
const row = async (id: string) => (await getDb().select().from(schema.posts).where(eq(schema.posts.id, id)))[0]!;

/** Comments written straight to the table (creating thousands through createPost would take minutes), oldest first. */
async function insertComments(rootId: string, authorId: string, parents: (string | "chain")[], start: number): Promise<string[]> {
  const ids: string[] = [];
  await transaction(async (tx) => {
    for (let from = 0; from < parents.length; from += 500) {
      const rows = parents.slice(from, from + 500).map((p, j) => {
        const i = from + j;
        const id = newId();
        // "chain": a reply to the comment inserted just before it.
        const parentId = p === "chain" ? ids[i - 1]! : p;
        ids.push(id);
        return { id, campusId: "ou", authorId, parentId, rootId, text: [{ text: `Comment ${i}` }], createdAt: start + i, lastActivityAt: start + i, updatedAt: start + i };
      });
      await tx.insert(schema.posts).values(rows);
    }
  });
  return ids;
}

const walk = (nodes: CommentNode[], out: string[] = []) => {
  // Two levels of lists at most below a node at the last level: iterate, never recurse per level.
  const stack = [...nodes].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    out.push(node.id);
    stack.push(...[...node.replies].reverse());
  }
  return out;
};

/** How deep `ul.thread` lists nest in rendered HTML. */
function listDepth(html: string): number {
  let depth = 0;
  let max = 0;
  for (const m of html.matchAll(/<ul class="thread[^"]*"|<\/ul>/g)) {
    if (m[0] === "</ul>") depth = Math.max(0, depth - 1);
    else max = Math.max(max, ++depth);
  }
  return max;
}

/** The thread component alone, server-rendered (react-dom/server renderToString inside a data router). */
const renderThread = (comments: CommentNode[]) =>
  renderPage(`${origin}/thread`, { path: "thread", loader: () => null, Component: () => createElement(PostActionsScope, null, createElement(CommentThread, { comments })) });

beforeAll(() => seed({ demo: false }));

describe("thread paging", () => {
  it("shows 50 top-level comments a page; the cursor gives the next ones, with no repeats or gaps", async () => {
    const a = await user();
    const p = await post(a.id, "Lots of comments");
    const tops = await insertComments(p.id, a.id, Array.from({ length: 120 }, () => p.id), Date.now());
    await insertComments(p.id, a.id, [tops[0]!, tops[60]!], Date.now() + 1_000);
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page: Awaited<ReturnType<typeof getThread>> = await getThread({ postId: p.id }, TZ, null, cursor);
      sizes.push(page.comments.length);
      seen.push(...page.comments.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(THREAD_PAGE_SIZE).toBe(50);
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(tops);
    // Replies come with the page of their top-level comment.
    const second = await getThread({ postId: p.id }, TZ, null, (await getThread({ postId: p.id }, TZ)).nextCursor);
    expect(second.comments.find((c) => c.id === tops[60])!.replies).toHaveLength(1);
  });
  it("looks below only the comments that have replies: one statement for a page without any; a hidden reply still shows to its author", async () => {
    const a = await user();
    const b = await user();
    const p = await post(a.id, "Quiet thread");
    const tops = await insertComments(p.id, a.id, Array.from({ length: 20 }, () => p.id), Date.now());
    const count = async (viewerId: string) => {
      const statements: string[] = [];
      const stop = onQuery((s) => statements.push(s.sql));
      const page = await getThread({ postId: p.id }, TZ, viewerId);
      stop();
      return { page, statements: statements.length };
    };
    const quiet = await count(b.id);
    expect(quiet.page.comments).toHaveLength(20);
    // The top-level comments with the viewer's saves as a column; no media, nothing below.
    expect(quiet.statements).toBe(1);
    // A reply hidden by reports is left out of its parent's counter (written straight here, the counter stays 0):
    // its author still sees it, others do not.
    const [hidden] = await insertComments(p.id, b.id, [tops[3]!], Date.now() + 1_000);
    await getDb().update(schema.posts).set({ hiddenAt: Date.now() }).where(eq(schema.posts.id, hidden!));
    const asAuthor = await count(b.id);
    expect(asAuthor.page.comments[3]!.replies.map((r) => r.id)).toEqual([hidden]);
    expect(asAuthor.statements).toBe(3); // the comments, one level of replies, their rows
    expect((await count(a.id)).page.comments[3]!.replies).toEqual([]);
  });
});

describe("depth", () => {
  it("nests five levels; deeper replies show at the fifth, each naming the comment it answers", async () => {
    const a = await user();
    const b = await user();
    const p = await post(a.id, "Deep thread");
    const chain: string[] = [];
    for (let i = 0; i < 8; i++) chain.push((await post(i % 2 ? b.id : a.id, `level ${i + 1}`, chain[i - 1] ?? p.id)).id);
    const { comments } = await getThread({ postId: p.id }, TZ);
    let node = comments[0]!;
    const nested = [node.id];
    for (let level = 2; level <= MAX_THREAD_LEVEL; level++) {
      expect(node.replies).toHaveLength(1);
      node = node.replies[0]!;
      expect(node.replyingTo).toBeNull();
      nested.push(node.id);
    }
    expect(nested).toEqual(chain.slice(0, 5));
    // Levels 6 to 8 hang at the fifth level, in order, each replying to its parent.
    expect(node.replies.map((r) => [r.id, r.replyingTo])).toEqual([
      [chain[5], { id: chain[4], username: "thread-" + (n - 1) }],
      [chain[6], { id: chain[5], username: "thread-" + n }],
      [chain[7], { id: chain[6], username: "thread-" + (n - 1) }],
    ]);
    for (const r of node.replies) expect(r.replies).toEqual([]);

    const html = await renderThread(comments);
    expect(listDepth(html)).toBe(MAX_THREAD_LEVEL);
    expect(html.match(/Replying to/g)).toHaveLength(3);
    expect(html).toContain(`Replying to <a href="#post-${chain[6]}">@thread-${n - 1}</a>`);
    for (const id of chain) expect(html).toContain(`id="post-${id}"`);
  });
});

describe("reply activity", () => {
  it("a reply moves only its root up; the root counts the whole thread, each comment its direct replies; deleting undoes both", async () => {
    const a = await user();
    const p = await post(a.id, "Root");
    const c = await post(a.id, "comment", p.id);
    const r = await post(a.id, "reply", c.id);
    const before = { p: await row(p.id), c: await row(c.id), r: await row(r.id) };
    const r2 = await post(a.id, "reply to the reply", r.id);
    const after = { p: await row(p.id), c: await row(c.id), r: await row(r.id) };
    expect(after.p.lastActivityAt).toBe((await row(r2.id)).createdAt);
    expect(after.c.lastActivityAt).toBe(before.c.lastActivityAt);
    expect(after.r.lastActivityAt).toBe(before.r.lastActivityAt);
    expect([after.p.commentCount, after.c.commentCount, after.r.commentCount]).toEqual([3, 1, 1]);
    // What the post page shows beside each.
    const thread = await getThread({ postId: p.id }, TZ);
    expect(thread.comments[0]!.commentCount).toBe(1);

    await deletePost(r.id, a.id);
    expect([(await row(p.id)).commentCount, (await row(c.id)).commentCount]).toEqual([1, 0]);
    await deletePost(c.id, a.id);
    expect((await row(p.id)).commentCount).toBe(0);
  });
});

describe("a huge thread", () => {
  it("10,000 comments and a chain 2,000 deep: the page reads a bounded number of rows and renders without a stack overflow", async () => {
    const a = await user();
    const p = await post(a.id, "Viral");
    const start = Date.now() - 100_000;
    // The chain hangs under the first top-level comment; 7,999 more top-level comments follow it.
    const chain = await insertComments(p.id, a.id, [p.id, ...Array.from({ length: 1_999 }, () => "chain" as const)], start);
    await insertComments(p.id, a.id, Array.from({ length: 8_000 }, () => p.id), start + 10_000);

    const statements: string[] = [];
    const stop = onQuery((s) => statements.push(s.sql));
    const first = await getThread({ postId: p.id }, TZ);
    stop();
    expect(first.comments).toHaveLength(50);
    expect(first.comments[0]!.id).toBe(chain[0]);
    expect(walk(first.comments)).toHaveLength(50 + REPLIES_PER_COMMENT);
    expect(first.comments[0]!.moreReplies).toBe(true);
    expect(first.comments.slice(1).some((c) => c.moreReplies)).toBe(false);
    // A level of replies per statement, however deep the chain: tops, one per level read, the rows, media (none), saves (none).
    expect(statements.length).toBeLessThanOrEqual(REPLIES_PER_COMMENT + 4);

    // The deepest reply's page: the top post, a marker, the three nearest above it; nothing below.
    const deepest = await getPost(chain[1_999]!, TZ);
    if (deepest.status !== "ok") throw new Error("missing");
    const above = await getParentChain(deepest.post, TZ);
    expect([above.root?.id, above.skipped, above.nearest.map((x) => x.id)]).toEqual([p.id, true, chain.slice(1_996, 1_999)]);
    // Halfway down the chain: what hangs below, bounded the same way.
    const middle = await getThread({ postId: chain[1_000]! }, TZ);
    expect(walk(middle.comments)).toEqual(chain.slice(1_001, 1_002 + REPLIES_PER_COMMENT));

    const html = await renderPage(`${origin}/post/${p.id}`, { path: "post/:id", loader, Component: PostPage });
    expect(html.match(/data-testid="comment"/g)).toHaveLength(50 + REPLIES_PER_COMMENT);
    expect(html).toContain("More comments");
    expect(listDepth(html)).toBe(MAX_THREAD_LEVEL);
    const page2 = await renderPage(`${origin}/post/${p.id}?comments=${first.nextCursor}`, { path: "post/:id", loader, Component: PostPage });
    expect(page2).toContain(`id="post-${(await getThread({ postId: p.id }, TZ, null, first.nextCursor)).comments[0]!.id}"`);
    const chainPage = await renderPage(`${origin}/post/${chain[1_999]}`, { path: "post/:id", loader, Component: PostPage });
    expect(chainPage).toContain("Earlier replies not shown");
  }, 120_000);
});
