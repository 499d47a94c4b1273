// A thread of 60 comments pages by "More comments": a plain link (URL state),
// with and without JavaScript.
import { eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import { expect, openTestDb, test, unique } from "./fixtures";
import { signUp } from "./users";

test("More comments pages a 60-comment thread: 50 on the first page, the other 10 after the link", async ({ page }) => {
  const user = await signUp(page);
  const { db, close } = openTestDb();
  const postId = unique("thread");
  const ids: string[] = [];
  try {
    const [me] = await db.select({ id: schema.users.id, campusId: schema.users.campusId }).from(schema.users).where(eq(schema.users.email, user.email));
    const start = Date.now() - 3_600_000;
    const base = { campusId: me!.campusId, authorId: me!.id };
    await db.insert(schema.posts).values({ ...base, id: postId, text: [{ text: "Who wants a free couch?" }], createdAt: start, lastActivityAt: start, updatedAt: start });
    // Creating 60 comments through the composer would take minutes: they go straight to the table, oldest first.
    for (let i = 1; i <= 60; i++) ids.push(`${postId}c${i}`);
    await db.insert(schema.posts).values(
      ids.map((id, i) => ({ ...base, id, parentId: postId, rootId: postId, text: [{ text: `Comment number ${i + 1}` }], createdAt: start + i + 1, lastActivityAt: start + i + 1, updatedAt: start + i + 1 })),
    );
    await db.update(schema.posts).set({ commentCount: 60 }).where(eq(schema.posts.id, postId));
  } finally {
    await close();
  }

  await page.goto(`/post/${postId}`);
  const comments = page.getByTestId("comment");
  await expect(comments).toHaveCount(50);
  await expect(comments.first()).toContainText("Comment number 1");
  await expect(comments.last()).toContainText("Comment number 50");
  await page.getByRole("link", { name: "More comments", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}\\?comments=[\\w-]+#comments$`));
  await expect(comments).toHaveCount(10);
  await expect(comments.first()).toContainText("Comment number 51");
  await expect(comments.last()).toContainText("Comment number 60");
  await expect(page.getByRole("link", { name: "More comments", exact: true })).toHaveCount(0);
});
