// Reports and automatic hiding (docs/product.md §12), with and without JavaScript: three
// students report a post and it leaves the feed for everyone but its author;
// a comment and a profile are reported with their alerts; a second report says
// so; a visitor gets the sign-up prompt; the rules are a click from the composer.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, unique } from "./fixtures";
import { postListing, signUp } from "./users";

const HIDDEN = "Hidden while we review reports";


/** Chooses a reason in the open report dialog and sends it. */
async function sendReport(page: Page, dialogName: string, reason: string) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.getByRole("radio", { name: reason }).check();
  await dialog.getByRole("button", { name: "Report", exact: true }).click();
}

test("three students report a post: it leaves the feed for a fourth while its author sees it hidden; a second report says already reported", async ({ page, browser, javaScriptEnabled }) => {
  test.slow();
  const text = `Final exam answers ${unique("zr")}`;
  const fine = `Graphing calculator ${unique("zr")}`;
  await signUp(page, { first: "Ava" });
  await postListing(page, fine);
  const postId = await postListing(page, text);

  const context = await browser.newContext({ javaScriptEnabled });
  const other = await context.newPage();
  for (const [i, first] of ["Rita", "Remy", "Rosa"].entries()) {
    await context.clearCookies();
    await signUp(other, { first });
    await other.goto("/home");
    const card = other.getByTestId("post-card").filter({ hasText: text });
    await card.getByRole("link", { name: "Report", exact: true }).click();
    await expect(other).toHaveURL(new RegExp(`[?&]report=post&target=${postId}`));
    const dialog = other.getByRole("dialog", { name: "Report this post" });
    await expect(dialog.getByRole("radio")).toHaveCount(6);
    await expect(dialog.getByRole("link", { name: "Read the rules" })).toHaveAttribute("href", "/more/rules");
    if (i === 0 && javaScriptEnabled) {
      await expect(dialog.getByRole("radio", { name: "Scam or fraud" })).toBeFocused();
      await expectAccessible(other);
    }
    if (i === 1) {
      // Without a reason the form comes back (on the post's page) with the note, and still leads back to the feed.
      await dialog.getByLabel("Add a note (optional)").fill("Selling answers to the final");
      await dialog.getByRole("button", { name: "Report", exact: true }).click();
      await expect(other).toHaveURL(new RegExp(`/post/${postId}\\?report=post&target=${postId}$`));
      await expect(dialog.getByText("Choose a reason.")).toBeVisible();
      await expect(dialog.getByLabel("Add a note (optional)")).toHaveValue("Selling answers to the final");
    }
    await sendReport(other, "Report this post", "Prohibited item");
    await expect(other.getByTestId("alert")).toContainText("Post Reported. Thanks for letting us know.");
    await expect(other).toHaveURL(/\/home$/);
    // The reporter no longer sees it in the feed.
    await expect(card).toHaveCount(0);
    if (i === 0) {
      // Its page is still there for them: reporting it again says so, and adds nothing.
      await other.goto(`/post/${postId}`);
      await other.getByTestId("post-card").getByRole("link", { name: "Report", exact: true }).click();
      await sendReport(other, "Report this post", "Spam");
      await expect(other.getByTestId("alert")).toContainText("You already reported this post.");
    }
  }

  // A fourth student sees neither the post in the feed nor its page.
  await context.clearCookies();
  await signUp(other, { first: "Finn" });
  await other.goto("/home");
  await expect(other.getByTestId("post-card").filter({ hasText: fine })).toBeVisible();
  await expect(other.getByTestId("post-card").filter({ hasText: text })).toHaveCount(0);
  const response = await other.goto(`/post/${postId}`);
  expect(response?.status()).toBe(404);
  await context.close();

  // Its author still does, with the notice, in the feed and on its page.
  await page.goto("/home");
  await expect(page.getByTestId("post-card").filter({ hasText: text })).toContainText(HIDDEN);
  await page.goto(`/post/${postId}`);
  await expect(page.getByTestId("post-card").filter({ hasText: text })).toContainText(HIDDEN);
});

test("a comment and a profile are reported with their alerts; a report without a reason comes back with the note", async ({ page, browser, javaScriptEnabled }) => {
  test.slow();
  const text = `Mini fridge ${unique("zc")}`;
  const reply = `Pay me first or no deal ${unique("zc")}`;
  await signUp(page, { first: "Cole" });
  const postId = await postListing(page, text);
  await page.goto(`/post/${postId}`);
  await page.getByPlaceholder("Write a comment...").fill(reply);
  await page.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(page.getByTestId("comment").filter({ hasText: reply })).toBeVisible();

  const context = await browser.newContext({ javaScriptEnabled });
  const other = await context.newPage();
  await signUp(other, { first: "Rhea" });
  await other.goto(`/post/${postId}`);
  const comment = other.getByTestId("comment").filter({ hasText: reply });
  await comment.getByRole("link", { name: "Report", exact: true }).click();
  const dialog = other.getByRole("dialog", { name: "Report this comment" });
  await dialog.getByLabel("Add a note (optional)").fill("Asked me for money up front");
  await dialog.getByRole("button", { name: "Report", exact: true }).click();
  await expect(dialog.getByText("Choose a reason.")).toBeVisible();
  await expect(dialog.getByLabel("Add a note (optional)")).toHaveValue("Asked me for money up front");
  await sendReport(other, "Report this comment", "Harassment or hate");
  await expect(other.getByTestId("alert")).toContainText("Comment Reported. Thanks for letting us know.");
  await expect(other).toHaveURL(new RegExp(`/post/${postId}$`));
  await expect(other.getByTestId("comment").filter({ hasText: reply })).toHaveCount(0);

  // The profile: Report opens the dialog named for the person.
  await other.getByTestId("post-card").first().getByRole("link", { name: "Cole T." }).click();
  await other.locator(".profile__card").getByRole("link", { name: "Report", exact: true }).click();
  await expect(other).toHaveURL(/[?&]report=user/);
  if (javaScriptEnabled) await expectAccessible(other);
  await sendReport(other, "Report Cole T.", "Scam or fraud");
  await expect(other.getByTestId("alert")).toContainText("User Reported. Thanks for letting us know.");
  await expect(other.getByRole("dialog")).toHaveCount(0);
  // Opened by its address: the dialog comes in the document (with JS it hydrates once its code has loaded).
  await other.goto(`${new URL(other.url()).pathname}?report=user`);
  if (javaScriptEnabled) await expect(other.getByRole("dialog", { name: "Report Cole T." }).getByRole("radio", { name: "Scam or fraud" })).toBeFocused();
  await sendReport(other, "Report Cole T.", "Spam");
  await expect(other.getByTestId("alert")).toContainText("You already reported this user.");
  await context.close();

  // The comment's author sees nothing of it (too few reports to hide anything).
  await page.goto(`/post/${postId}`);
  await expect(page.getByTestId("comment").filter({ hasText: reply })).not.toContainText(HIDDEN);
});

test("a visitor who reports a post gets the sign-up prompt; a profile offers a visitor no Report", async ({ page }) => {
  const text = `Desk lamp ${unique("zv")}`;
  await signUp(page, { first: "Vera" });
  const postId = await postListing(page, text);
  await page.context().clearCookies();

  await page.goto("/home");
  await page.getByTestId("post-card").filter({ hasText: text }).getByRole("link", { name: "Report", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Sign up to report" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Report this post" })).toHaveCount(0);

  await page.goto(`/post/${postId}`);
  await page.getByTestId("post-card").getByRole("link", { name: "Vera T." }).click();
  await expect(page.locator(".profile__card").getByRole("link", { name: "Send Message" })).toBeVisible();
  await expect(page.locator(".profile__card").getByRole("link", { name: "Report", exact: true })).toHaveCount(0);
  // The URL alone opens no report form for a visitor.
  await page.goto(`/post/${postId}?report=post&target=${postId}`);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the rules are a click away from the composer, and in the More menu", async ({ page, context }) => {
  await signUp(page, { first: "Nora" });
  await page.goto("/create/post?goBack=/home");
  const [rules] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: /Read the rules/ }).click()]);
  await rules.waitForLoadState();
  await expect(rules).toHaveURL(/\/more\/rules$/);
  await expect(rules.getByRole("heading", { level: 2, name: "Rules", exact: true })).toBeVisible();
  for (const item of ["Weapons", "Drugs", "Alcohol and tobacco", "Stolen goods", "Counterfeit items", "Academic dishonesty", "Animals", "Anything illegal"]) {
    await expect(rules.locator(".prose li").filter({ hasText: item })).toHaveCount(1);
  }
  // The composer kept its place.
  await expect(page).toHaveURL(/\/create\/post/);
  await page.goto("/more");
  await page.getByRole("link", { name: "Rules" }).click();
  await expect(page).toHaveURL(/\/more\/rules$/);
});
