// Textbooks by course and ISBN, and Must go by: one flow through the composer,
// search and the listing's card and page (docs/product.md §7, §9).
import { expect, expectAccessible, test, unique } from "./fixtures";
import { signUp } from "./users";

/** A day `days` ahead, as a date input takes it (a week or more, so no time zone makes it today or past). */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test("a textbook with an ISBN-10 and a course typed any way is checked, shown normalised, found by both, with Must go by", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  await signUp(page);
  const text = `Calculus textbook ${unique()}`;
  await page.goto("/create/post?goBack=/home");
  await page.getByLabel("Post text").fill(text);
  await page.getByLabel("Category").selectOption("textbooks");
  await page.getByLabel("Price", { exact: true }).fill("30");
  await page.getByLabel("ISBN", { exact: true }).fill("0-306-40615-3");
  await page.getByLabel("Course", { exact: true }).fill("math2924");
  await page.getByLabel("Edition (optional)").fill("3rd");
  await page.getByText("Must go by (optional)").click();
  await page.getByLabel("Must go by", { exact: true }).fill(daysAhead(10));
  await page.getByRole("button", { name: "Post", exact: true }).click();
  // A wrong check digit: refused, the draft kept.
  await expect(page.getByText("Enter a valid ISBN (10 or 13 digits).")).toBeVisible();
  await expect(page.getByLabel("Post text")).toHaveValue(text);
  await expect(page.getByLabel("Course", { exact: true })).toHaveValue("math2924");
  // axe runs as a script in the page: the js project checks the same server-rendered fields.
  if (javaScriptEnabled) await expectAccessible(page);

  await page.getByLabel("ISBN", { exact: true }).fill("0-306-40615-2");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByTestId("alert")).toContainText("Your post was sent.");

  // The List view: its cards show the course codes, the ISBN and Must go by (search opens in Grid).
  for (const q of ["math2924", "0306406152", "978-0-306-40615-7"]) {
    await page.goto(`/search?q=${encodeURIComponent(q)}&view=list`);
    const card = page.getByTestId("post-card").filter({ hasText: text });
    await expect(card, q).toHaveCount(1);
    await expect(card.getByTestId("listing-extras")).toContainText("MATH 2924");
    await expect(card.getByTestId("listing-extras")).toContainText("ISBN 978-0-306-40615-7");
    await expect(card.getByTestId("listing-extras")).toContainText("Must go by");
    await expect(page.getByRole("status").filter({ hasText: /^\d+ results?$/ })).toBeVisible();
  }
  await page.getByTestId("post-card").filter({ hasText: text }).locator("a.post-card__body").click();
  await expect(page).toHaveURL(/\/post\//);
  await expect(page.getByTestId("listing-extras")).toContainText("Must go by");
  await expect(page.getByTestId("listing-extras")).toContainText("Edition: 3rd");
});
