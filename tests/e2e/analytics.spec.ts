// The owner's analytics page: events and page views per day; a 404 for everyone else.
import { and, eq } from "drizzle-orm";
import { expect, expectAccessible, openTestDb, test } from "./fixtures";
import * as schema from "../../db/schema";
import { signUp } from "./users";

test("another user, or a visitor, gets the not-found page at /analytics", async ({ page }) => {
  const visitor = await page.goto("/analytics");
  expect(visitor?.status()).toBe(404);
  await expect(page.getByText("Hmm...this page doesn't exist.")).toBeVisible();
  await signUp(page);
  const user = await page.goto("/analytics");
  expect(user?.status()).toBe(404);
});

test("the owner sees counts per day for the last 30 days", async ({ page }, testInfo) => {
  // One sign-in by magic link to the one owner address: one project is enough.
  test.skip(testInfo.project.name !== "js", "the owner signs in once per run");
  test.setTimeout(60_000);
  await page.goto("/login?method=noPassword");
  await page.getByLabel("Email").fill("owner@example.com");
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page).toHaveURL(/\/login\/sent/);
  await page.goto("/dev/mail?to=owner%40example.com");
  await page.getByTestId("mail").first().getByRole("link", { name: "Log me in" }).click();
  await expect(page).toHaveURL(/\/home/);

  await page.goto("/analytics");
  await expect(page.locator("header h1")).toHaveText("Analytics");
  const table = page.getByRole("table", { name: /Last 30 days/ });
  await expect(table.locator("tbody tr")).toHaveCount(30);
  const headers = await table.locator("thead th").allInnerTexts();
  expect(headers).toEqual(["Day", "Page views", "Complete Registration", "Login", "Profile View", "Delete Post"]);
  // Today (the first row) has this run's page views and this sign-in.
  const today = table.locator("tbody tr").first().locator("td");
  expect(Number(await today.nth(0).innerText())).toBeGreaterThan(0);
  expect(Number(await today.nth(2).innerText())).toBeGreaterThan(0);
  await expectAccessible(page);

  // Page views carry the signed-in user's id, and nothing else about them.
  const { db, close } = openTestDb();
  const [owner] = await db.select().from(schema.users).where(eq(schema.users.email, "owner@example.com"));
  const views = await db.select().from(schema.events).where(and(eq(schema.events.name, "Page View"), eq(schema.events.userId, owner!.id)));
  await close();
  expect(views.map((v) => v.path)).toContain("/home");
});
