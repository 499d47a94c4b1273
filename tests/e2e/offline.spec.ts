// Offline with the service worker (docs/product.md §26), JavaScript only (without it
// no worker is registered and the site is the same): a post read before opens
// without a network, a page never opened shows "You're offline" with a Retry link
// that loads it once the network is back, and signing out drops the kept pages.
import { expect, test, unique } from "./fixtures";
import { postListing, signUp } from "./users";

test("a visited post opens offline, an unvisited page says you're offline, sign-out clears what was kept", async ({ page, context, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the service worker needs JavaScript");
  test.slow();
  await signUp(page, { first: "Olive" });
  const text = `Offline lamp ${unique()}`;
  const postId = await postListing(page, text, "12");

  // The worker registers once the page is idle, and takes control of it.
  await page.goto("/home");
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await page.goto(`/post/${postId}`);
  await expect(page.getByText(text).first()).toBeVisible();

  await context.setOffline(true);
  await page.goto(`/post/${postId}`);
  await expect(page.getByText(text).first()).toBeVisible();
  await page.goto("/settings/blocked");
  await expect(page.getByRole("heading", { name: "You're offline", level: 2 })).toBeVisible();
  const retry = page.getByRole("link", { name: "Retry" });
  await expect(retry).toBeVisible();

  // Back online, Retry loads the page that failed.
  await context.setOffline(false);
  await retry.click();
  await expect(page).toHaveURL(/\/settings\/blocked$/);
  await expect(page.getByRole("heading", { name: "Blocked people", level: 2 })).toBeVisible();

  // Signing out: the next page is a visitor's, and the signed-in copies go.
  await page.goto("/logout");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await context.setOffline(true);
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole("heading", { name: "You're offline", level: 2 })).toBeVisible();
  await context.setOffline(false);
});
