// Helpers for the account flows: users are created through the UI and emails read from /dev/mail.
import { expect, type Page } from "@playwright/test";
import { unique } from "./fixtures";

export type TestUser = { email: string; name: string; password: string };

/** Names are letters only: digits become letters. */
function lettersOnly(id: string): string {
  return id.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
}

export function newUser(prefix = "u"): TestUser {
  const id = unique(prefix);
  return { email: `${id}@example.com`, name: `Test ${lettersOnly(id)}`, password: "password123" };
}

/** The newest email to `to` whose subject matches, as a locator on the dev mailbox page. */
export async function openMail(page: Page, to: string, subject: RegExp) {
  await page.goto(`/dev/mail?${new URLSearchParams({ to })}`);
  const mail = page.getByTestId("mail").filter({ has: page.locator(".mail__subject", { hasText: subject }) }).first();
  await expect(mail).toBeVisible();
  return mail;
}

/** The href of a link in the newest matching email. */
export async function mailLink(page: Page, to: string, subject: RegExp, linkName: string | RegExp): Promise<string> {
  const mail = await openMail(page, to, subject);
  const href = await mail.getByRole("link", { name: linkName }).first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

export async function fillRegister(page: Page, user: TestUser) {
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Name", { exact: true }).fill(user.name);
  await page.getByLabel("Password").fill(user.password);
  await page.getByLabel("I agree not to do anything crazy").check();
}

/** Signs up through /register and lands on /verify (signed in, unverified). */
export async function signUp(page: Page, user: TestUser = newUser()) {
  await page.goto("/register");
  await fillRegister(page, user);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/verify/);
  return user;
}

/** Signs up and verifies through the emailed link: a complete, signed-in account. */
export async function signUpVerified(page: Page, user: TestUser = newUser()) {
  await signUp(page, user);
  await page.goto(await mailLink(page, user.email, /verification code/, "Verify my email"));
  await expect(page).toHaveURL(/\/home$/);
  return user;
}

export async function logIn(page: Page, user: Pick<TestUser, "email" | "password">, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

export async function logOut(page: Page) {
  await page.goto("/logout");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/home$/);
}

export const main = (page: Page) => page.locator("main");
