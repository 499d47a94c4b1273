// Saved searches and alerts: save a search from /search (once; again says so), see
// it in Settings → Saved searches described in words, get "New listing for …" on
// /notifications within a minute when someone else posts a match, follow it to
// the post, change Notify me, delete it, and hear no more of it.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { postListing, signUp } from "./users";

/** A word no one else's listing or search has (letters and digits only: one word to the matcher). */
const word = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Reloads /notifications until a notification with `text` shows (the alert job polls every few seconds). */
async function waitForNotification(page: Page, text: string) {
  await expect(async () => {
    await page.goto("/notifications");
    await expect(page.getByTestId("notification").filter({ hasText: text }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
}

test("save a search, get an alert for another's matching listing, change and delete it", async ({ page, browser, javaScriptEnabled }) => {
  test.slow(); // two users, three listings, and the background job's polls
  const lamp = word("lamp");
  const desk = word("desk");
  await signUp(page, { first: "Sadie" });

  // Save from /search: words and a filter; the same search again says so.
  await page.goto(`/search?q=${lamp}&max=100`);
  await page.getByRole("button", { name: "Save this search" }).click();
  await expect(page.getByTestId("alert")).toContainText("Search saved.");
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${lamp}&max=100$`));
  await page.getByRole("button", { name: "Save this search" }).click();
  await expect(page.getByTestId("alert")).toContainText("You already saved this search.");
  await page.goto(`/search?q=${desk}`);
  await page.getByRole("button", { name: "Save this search" }).click();
  await expect(page.getByTestId("alert")).toContainText("Search saved.");

  // Listed in Settings, in words.
  await page.goto("/settings");
  await page.getByRole("link", { name: /Saved searches/ }).click();
  await expect(page).toHaveURL(/\/settings\/saved-searches$/);
  await expect(page.locator("header h1")).toHaveText("Saved searches");
  const lampRow = page.getByTestId("saved-search").filter({ hasText: `${lamp} · under $100` });
  await expect(lampRow).toBeVisible();
  await expect(lampRow.getByLabel("Notify me")).toHaveValue("instant");

  // Someone else posts a match: the alert arrives within a minute and leads to the listing.
  const other = await browser.newContext({ javaScriptEnabled });
  const seller = await other.newPage();
  await signUp(seller, { first: "Seth" });
  const postId = await postListing(seller, `Brass ${lamp} for a dorm`, "35");
  await waitForNotification(page, `New listing for "${lamp} · under $100"`);
  await page.getByRole("link", { name: `New listing for "${lamp} · under $100"` }).first().click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));

  // Notify me: Once a day, then delete the search.
  await page.goto("/settings/saved-searches");
  await lampRow.getByLabel("Notify me").selectOption("daily");
  await lampRow.getByRole("button", { name: "Update" }).click();
  await expect(page.getByTestId("alert")).toContainText("Alerts updated.");
  await expect(lampRow.getByLabel("Notify me")).toHaveValue("daily");
  await lampRow.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("alert")).toContainText("Search deleted.");
  await expect(page.getByTestId("saved-search").filter({ hasText: lamp })).toHaveCount(0);

  // No more: a listing matching both searches alerts only the one still saved.
  await postListing(seller, `Desk ${desk} with a ${lamp}`, "50");
  await other.close();
  await waitForNotification(page, `New listing for "${desk}"`);
  await expect(page.getByTestId("notification").filter({ hasText: `"${lamp}` })).toHaveCount(1);
});
