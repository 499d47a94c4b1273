// The post page with 10,000 comments in its thread, 2,000 of them one reply
// chain (hardening issue, point 4): median time of the page's loader plus its
// server render, on whichever database DATABASE_URL names (tests/unit/setup.ts).
import { expect, test } from "vitest";
import { createPost } from "~/models/posts.server";
import { insertUser } from "~/models/users.server";
import PostPage, { loader } from "~/routes/post.$id/route";
import { dbClient, newId, schema, transaction } from "~/services/db.server";
import { seed } from "~/flows/seed.server";
import { renderPage } from "../unit/render-page";

const COMMENTS = 10_000;
const CHAIN = 2_000;
const BUDGET_MS = 150;
const CHUNK = 500;

function median(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

test(`post page with ${COMMENTS} comments and a ${CHAIN}-deep chain`, async () => {
  await seed({ demo: true });
  const author = await insertUser({ campusId: "ou", firstName: "Viral", lastName: "V.", username: `viral-${Date.now()}`, email: `viral${Date.now()}@ou.edu`, verified: true, schoolVerified: true });
  const { id: postId } = await createPost({ authorId: author.id, campusId: "ou", blocks: [{ text: "Everyone is talking about this" }], media: [], origin: "http://localhost:3000" });
  const start = Date.now() - COMMENTS * 1_000;
  // The chain first (under the first top-level comment), then top-level comments.
  const ids: string[] = [];
  await transaction(async (tx) => {
    for (let from = 0; from < COMMENTS; from += CHUNK) {
      const rows = [];
      for (let i = from; i < Math.min(from + CHUNK, COMMENTS); i++) {
        const id = newId();
        const parentId = i > 0 && i < CHAIN ? ids[i - 1]! : postId;
        ids.push(id);
        rows.push({ id, campusId: "ou", authorId: author.id, parentId, rootId: postId, text: [{ text: `Comment ${i}: sounds good to me.` }], createdAt: start + i, lastActivityAt: start + i, updatedAt: start + i });
      }
      await tx.insert(schema.posts).values(rows);
    }
  });
  await dbClient().analyze();

  const url = (path: string) => `http://localhost:3000${path}`;
  const page = (path: string) => renderPage(url(path), { path: "post/:id", loader, Component: PostPage });
  const time = async (path: string, n = 60) => {
    for (let i = 0; i < 5; i++) await page(path); // warm up
    const samples: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await page(path);
      samples.push(performance.now() - t);
    }
    return median(samples);
  };
  const html = await page(`/post/${postId}`);
  const first = await time(`/post/${postId}`);
  const deepest = await time(`/post/${ids[CHAIN - 1]}`);
  const middle = await time(`/post/${ids[CHAIN / 2]}`);
  const ok = Math.max(first, deepest, middle) <= BUDGET_MS;
  console.log(
    `Post page loader + server render (${dbClient().dialect}), ${COMMENTS.toLocaleString()} comments with a ${CHAIN.toLocaleString()}-deep chain: ` +
      `the post median ${first.toFixed(2)} ms, the chain's middle reply ${middle.toFixed(2)} ms, its deepest reply ${deepest.toFixed(2)} ms (budget ${BUDGET_MS} ms) ${ok ? "ok" : "OVER"}; ` +
      `${(html.match(/data-testid="comment"/g) ?? []).length} comments rendered, ${(html.length / 1024).toFixed(0)} KB of HTML`,
  );
  expect(html).toContain("More comments");
});
