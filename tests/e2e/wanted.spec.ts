// Wanted posts (docs/product.md §7): "Looking for something?" in the composer
// makes one (course, budget; a bad budget refused with the draft kept), it
// shows "Wanted" and is found with the Wanted filter and the Course filter; another student posts a
// textbook for that course, the first is told in the app within a minute and
// follows the notice to the listing; "I have one" opens a conversation with
// its one-tap first message.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, unique } from "./fixtures";
import { signUp } from "./users";

/** A course code no other test uses: 4 letters and 4 digits. */
function uniqueCourse(): { typed: string; shown: string } {
  const letters = Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  const digits = String(1000 + Math.floor(Math.random() * 9000));
  return { typed: `${letters}${digits}`, shown: `${letters.toUpperCase()} ${digits}` };
}

/** Reloads /notifications until one with `text` shows (the alert job polls every 5 seconds). */
async function waitForNotification(page: Page, text: string) {
  await expect(async () => {
    await page.goto("/notifications");
    await expect(page.getByTestId("notification").filter({ hasText: text }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
}

test("a Wanted post by course: badge, filter, an alert for a matching listing, and I have one", async ({ page, browser, javaScriptEnabled }) => {
  test.slow(); // two users and the background job's polls
  const course = uniqueCourse();
  const text = `Need the ${course.shown} textbook ${unique()}`;
  await signUp(page, { first: "Wanda" });

  // The composer switches to a Wanted post by its address.
  await page.goto("/create/post?goBack=/home");
  await page.getByRole("link", { name: "Looking for something?" }).click();
  await expect(page).toHaveURL(/kind=wanted/);
  await expect(page.getByLabel("Price", { exact: true })).toHaveCount(0);
  await page.getByLabel("Post text").fill(text);
  await page.getByLabel("Category").selectOption("textbooks");
  await page.getByLabel("Course", { exact: true }).fill(course.typed);
  await page.getByLabel("Up to $").fill("forty");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Enter a price like 25 or 25.50")).toBeVisible();
  await expect(page.getByLabel("Post text")).toHaveValue(text);
  await expect(page.getByLabel("Course", { exact: true })).toHaveValue(course.typed);
  if (javaScriptEnabled) await expectAccessible(page);
  await page.getByLabel("Up to $").fill("40");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByTestId("alert")).toContainText("Your post was sent.");

  // Shown with its badge, budget and course; the Wanted filter finds it and counts as a filter.
  await page.goto("/home?type=wanted&view=list");
  await expect(page.locator("summary", { hasText: "Filters · 1" })).toBeVisible();
  const card = page.getByTestId("post-card").filter({ hasText: text });
  await expect(card.getByTestId("wanted")).toContainText("Wanted");
  await expect(card.getByTestId("wanted")).toContainText("Up to $40");
  await expect(card.getByTestId("listing-extras")).toContainText(course.shown);
  const wantedHref = await card.locator("a.post-card__body").getAttribute("href");
  await page.goto("/home?type=sale&view=list");
  await expect(page.getByTestId("post-card").filter({ hasText: text })).toHaveCount(0);
  // The Filters form's Course field finds it by its code typed any way.
  await page.goto("/home?view=list");
  await page.locator("summary", { hasText: "Filters" }).click();
  await page.getByLabel("Course", { exact: true }).fill(course.typed);
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`course=${course.typed}`));
  await expect(page.getByTestId("post-card").filter({ hasText: text })).toHaveCount(1);

  // Another student posts a textbook for that course, typed another way.
  const other = await browser.newContext({ javaScriptEnabled });
  const seller = await other.newPage();
  await signUp(seller, { first: "Sol" });
  const listingText = `Textbook for ${course.shown.toLowerCase()} ${unique()}`;
  await seller.goto("/create/post?goBack=/home");
  await seller.getByLabel("Post text").fill(listingText);
  await seller.getByLabel("Category").selectOption("textbooks");
  await seller.getByLabel("Price", { exact: true }).fill("30");
  await seller.getByLabel("Course", { exact: true }).fill(course.shown.replace(" ", "-"));
  await seller.getByRole("button", { name: "Post", exact: true }).click();
  await expect(seller.getByTestId("alert")).toContainText("Your post was sent.");

  // I have one: a conversation with the poster, its first message sent.
  await seller.goto(wantedHref!);
  await expect(seller.getByTestId("wanted")).toContainText("Wanted");
  await seller.getByRole("button", { name: "I have one" }).click();
  await expect(seller).toHaveURL(/\/messages\/[\w-]+$/);
  await expect(seller.getByText("Hi! I have what you're looking for. Still need it?")).toBeVisible();
  await other.close();

  // The Wanted post's author hears of the listing within a minute and follows the notice to it.
  await waitForNotification(page, "Someone posted what you wanted:");
  await page.getByTestId("notification").filter({ hasText: "Someone posted what you wanted:" }).first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/post\/[\w-]+$/);
  await expect(page.getByTestId("post-card").first()).toContainText(listingText);
});
