// A suspended moderator is no moderator until the suspension ends, with and
// without JavaScript: /moderation and its form posts are a 404 and the
// navigation shows no Moderation link.
import { eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import { expect, openTestDb, test } from "./fixtures";
import { signUp } from "./users";

test("a suspended moderator gets the 404 on /moderation, and no Moderation link", async ({ page }) => {
  const user = await signUp(page, { first: "Sumi" });
  const { db, close } = openTestDb();
  try {
    // Named a moderator by the owner (as the queue's Make moderator does).
    await db.update(schema.users).set({ role: "moderator" }).where(eq(schema.users.email, user.email));
    await page.goto("/home");
    await expect(page.getByRole("link", { name: /^Moderation/ }).first()).toBeVisible();
    expect((await page.goto("/moderation"))?.status()).toBe(200);

    // Suspended for a week, as Suspend author does.
    const now = Date.now();
    await db
      .update(schema.users)
      .set({ suspendedAt: now, suspendedUntil: now + 7 * 24 * 3600_000, suspensionReason: "Spam" })
      .where(eq(schema.users.email, user.email));
    const res = await page.goto("/moderation");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Moderation/ })).toHaveCount(0);
    expect((await page.request.post("/moderation", { form: { intent: "unsuspend", target: "post:x" } })).status()).toBe(404);
  } finally {
    await close();
  }
});
