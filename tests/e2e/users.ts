// Users for end-to-end tests, made the way a person makes them: sign up at
// /register, open the verification email in the dev mailbox, follow its link.
import { expect, type Page } from "@playwright/test";
import { unique } from "./fixtures";

export type TestUser = { email: string; password: string; name: string; firstName: string; username?: string };

/**
 * Signs up and verifies a new user in this page's browser context (so the page
 * ends signed in). An address on the campus's school domain (ou.edu on
 * localhost) makes the user school-verified (design A5).
 */
export async function signUp(
  page: Page,
  opts: { domain?: string; first?: string; last?: string; origin?: string } = {},
): Promise<TestUser> {
  const first = opts.first ?? "Tess";
  const last = opts.last ?? `Tester`;
  const email = `${unique("u")}@${opts.domain ?? "ou.edu"}`;
  const password = "correct horse 1";
  const origin = opts.origin ?? "";
  await page.goto(`${origin}/register?email=${encodeURIComponent(email)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(`${first} ${last}`);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("I agree not to do anything crazy").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/verify/);
  await page.goto(`${origin}/dev/mail?to=${encodeURIComponent(email)}`);
  await page.getByTestId("mail").first().getByRole("link", { name: "Verify my email" }).click();
  await expect(page).toHaveURL(/\/home/);
  return { email, password, name: `${first} ${last}`, firstName: first };
}

/** Logs in with email and password. */
export async function logIn(page: Page, user: Pick<TestUser, "email" | "password">, origin = "") {
  await page.goto(`${origin}/login?method=password`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
