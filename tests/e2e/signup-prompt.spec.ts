import { fillRegister, logOut, mailLink, newUser, signUpVerified } from "./auth-helpers";
import { expect, test } from "./fixtures";

const HEADINGS = {
  search: "Sign up to search",
  post: "Sign up to post",
  like: "Sign up to save posts",
  comment: "Sign up to join the conversation",
  message: "Sign up to send messages",
  "join-campus": "Sign up to join your campus",
  "game-comment": "Sign up to comment on games",
  "project-comment": "Sign up to comment on projects",
  "project-like": "Sign up to save projects",
  "game-like": "Sign up to save games",
} as const;

test.describe("sign-up prompt (item 10)", () => {
  for (const [reason, heading] of Object.entries(HEADINGS)) {
    test(`?signup=${reason} opens the prompt "${heading}"`, async ({ page }) => {
      await page.goto(`/more/projects?signup=${reason}`);
      const dialog = page.getByRole("dialog", { name: heading });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/register?redirect=%2Fmore%2Fprojects");
      await expect(dialog.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login?redirect=%2Fmore%2Fprojects");
    });
  }

  test("a visitor's like: the prompt closes back to the same page", async ({ page }) => {
    await page.goto("/home?category=all&signup=like");
    const dialog = page.getByRole("dialog", { name: "Sign up to save posts" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/home\?category=all$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a visitor's comment: Sign up leads to /register and back to the page after verifying", async ({ page }) => {
    await page.goto("/more/about?signup=comment");
    const dialog = page.getByRole("dialog", { name: "Sign up to join the conversation" });
    await dialog.getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/register\?redirect=%2Fmore%2Fabout$/);
    const user = newUser("prompt");
    await fillRegister(page, user);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/verify\?redirect=%2Fmore%2Fabout$/);
    await page.goto(await mailLink(page, user.email, /verification code/, "Verify my email"));
    await expect(page).toHaveURL(/\/more\/about$/);
  });

  test("a visitor's like: Log in leads back to the page", async ({ page }) => {
    const user = await signUpVerified(page);
    await logOut(page);
    await page.goto("/more/faq?signup=like");
    await page.getByRole("dialog").getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmore%2Ffaq$/);
    await page.locator("main").getByLabel("Email").fill(user.email);
    await page.locator("main").getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/more\/faq$/);
  });

  test("signed-in users never see it", async ({ page }) => {
    await signUpVerified(page);
    await page.goto("/home?signup=like");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("an unknown reason opens nothing", async ({ page }) => {
    await page.goto("/home?signup=nonsense");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
