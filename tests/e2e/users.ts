// Users for end-to-end tests, made the way a person makes them: sign up at
// /register, open the verification email in the dev mailbox, follow its link.
import { expect, type Page } from "@playwright/test";
import { unique } from "./fixtures";

export type TestUser = { email: string; password: string; name: string; firstName: string; username?: string };

/**
 * Signs up and verifies a new user in this page's browser context (so the page
 * ends signed in, on /home). An address on the campus's school domain (ou.edu
 * on localhost) makes the user school-verified (docs/product.md §4).
 *
 * On the default host the form is posted and the emailed link followed as HTTP
 * requests of the page's own context (its cookies): the same requests a
 * browser makes, without rendering the three pages between. Another campus's
 * host (`origin`, a *.localhost name only the browser resolves) goes through
 * the pages. auth-signup.spec.ts fills the form itself.
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
  if (origin) {
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
  const registered = await page.request.post(`${origin}/register?email=${encodeURIComponent(email)}`, {
    form: { email, name: `${first} ${last}`, password, terms: "on" },
    maxRedirects: 0,
  });
  expect(registered.status(), await registered.text()).toBe(302);
  expect(registered.headers()["location"]).toMatch(/\/verify/);
  const mail = await (await page.request.get(`${origin}/dev/mail?to=${encodeURIComponent(email)}`)).text();
  const link = /href="([^"]*\/verify\?token=[^"]+)"/.exec(mail)?.[1]?.replaceAll("&amp;", "&");
  expect(link, "the verification email's link").toBeTruthy();
  const verified = await page.request.get(link!, { maxRedirects: 0 });
  expect(verified.headers()["location"]).toMatch(/\/home$/);
  await page.goto(`${origin}/home`);
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

/** Posts a listing at `price` through the composer (no photo); returns its id from its card on the feed. */
export async function postListing(page: Page, text: string, price = "40"): Promise<string> {
  await page.goto("/create/post?goBack=/home");
  await page.getByLabel("Post text").fill(text);
  await page.getByLabel("Price", { exact: true }).fill(price);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByTestId("alert")).toContainText("Your post was sent.");
  await page.goto("/home");
  const href = await page.getByTestId("post-card").filter({ hasText: text }).first().locator("a.post-card__body").getAttribute("href");
  return href!.split("/").pop()!;
}
