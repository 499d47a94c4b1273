// A comment reaches its post's author on /notifications, counted in the navigation.
import { expect, expectAccessible, test, unique } from "./fixtures";
import { signUp } from "./users";

test("a comment shows on /notifications with the unread count in the navigation", async ({ page, browser, javaScriptEnabled }) => {
  test.slow(); // two users signed up, a post, a comment and an accessibility check
  await signUp(page, { first: "Nora" });
  const text = `Desk lamp ${unique()}`;
  await page.goto("/create/post");
  await page.getByLabel("Post text").fill(text);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByTestId("post-card").filter({ hasText: text }).getByRole("link", { name: text }).click();
  await expect(page).toHaveURL(/\/post\/[\w-]+$/);
  const postUrl = page.url();
  await expect(page.getByRole("link", { name: /^Notifications/ }).first()).toHaveAccessibleName("Notifications");

  // Someone else comments, in their own browser.
  const other = await browser.newContext({ javaScriptEnabled });
  const commenter = await other.newPage();
  await signUp(commenter, { first: "Cole" });
  await commenter.goto(postUrl);
  await commenter.getByRole("textbox", { name: "Comment" }).fill("Is it still available?");
  await commenter.getByRole("button", { name: "Reply" }).click();
  await expect(commenter.getByText("Is it still available?").first()).toBeVisible();
  await other.close();

  await page.goto("/home");
  const navLink = page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: /^Notifications/ });
  await expect(navLink).toHaveAccessibleName("Notifications, 1 unread");
  await expect(navLink.locator(".nav-badge")).toHaveText("1");

  await navLink.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.locator("header h1")).toHaveText("Notifications");
  const item = page.getByTestId("notification").first();
  await expect(item).toContainText("Cole T. commented on your post");
  await expect(item).toContainText("Is it still available?");
  await expect(item).toContainText("New");
  if (javaScriptEnabled) await expectAccessible(page);

  // Seen: the count is gone, and the notification leads to the comment.
  await page.goto("/home");
  await expect(navLink).toHaveAccessibleName("Notifications");
  await page.goto("/notifications");
  await expect(page.getByTestId("notification").first()).not.toContainText("New");
  await page.getByTestId("notification").first().getByRole("link", { name: /commented on your post/ }).click();
  await expect(page).toHaveURL(/\/post\/[\w-]+$/);
  await expect(page.getByText("Is it still available?").first()).toBeVisible();
});

test("a visitor opening /notifications is asked to log in", async ({ page }) => {
  await page.goto("/notifications");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fnotifications/);
});
