import { newIdForTest } from "./ids";
import { campusUrl, expect, openTestDb, test, unique } from "./fixtures";
import * as schema from "../../db/schema";

// Posting through the UI arrives with the composer; until then the feed's
// paging is proven on posts written straight into the server's database.
test("feed pages reach the end: infinite scroll with JS, Load more without", async ({ page, baseURL, javaScriptEnabled }) => {
  const marker = unique("feed");
  const { db, close } = openTestDb();
  const [author] = await db
    .insert(schema.users)
    .values({
      id: newIdForTest(),
      campusId: "uf",
      firstName: "Paging",
      lastName: "T.",
      username: marker,
      email: `${marker}@example.com`,
      verified: true,
    })
    .returning();
  const start = Date.now() - 60_000;
  const COUNT = 23;
  for (let i = 0; i < COUNT; i++) {
    await db.insert(schema.posts)
      .values({
        id: newIdForTest(),
        campusId: "uf",
        authorId: author!.id,
        text: [{ text: `${marker} item ${i}` }],
        createdAt: start + i,
        lastActivityAt: start + i,
      });
  }
  await close();

  await page.goto(campusUrl(baseURL, "ufbuysell.localhost", "/home"));
  const mine = page.locator('[data-testid="post-card"]', { hasText: marker });
  const seen: string[] = [];
  const end = page.getByText("You've reached the end.");

  if (javaScriptEnabled) {
    // Scroll until the end message: pages append in place.
    for (let i = 0; i < 20 && !(await end.isVisible()); i++) {
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(400);
    }
    await expect(end).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/home$/);
    seen.push(...(await mine.locator(".rich-text").allInnerTexts()));
  } else {
    for (let i = 0; i < 20; i++) {
      seen.push(...(await mine.locator(".rich-text").allInnerTexts()));
      if (await end.isVisible()) break;
      const more = page.getByRole("link", { name: "Load more" });
      // Wait for this page's cursor, not any cursor: the previous page's URL has one too.
      const next = new URL((await more.getAttribute("href"))!, page.url()).search;
      await more.click();
      await expect.poll(() => new URL(page.url()).search).toBe(next);
    }
    await expect(end).toBeVisible();
  }
  // Every post once, newest activity first.
  expect(seen.map((t) => t.trim())).toEqual(
    Array.from({ length: COUNT }, (_, i) => `${marker} item ${COUNT - 1 - i}`),
  );
});

test("an empty category shows No Posts", async ({ page, baseURL }) => {
  await page.goto(campusUrl(baseURL, "smubuysell.localhost", "/home?category=virtual%20reality"));
  await expect(page.getByText("No Posts")).toBeVisible();
});
