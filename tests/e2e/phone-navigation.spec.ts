// Settings and Log out within two taps from /home on every width: on a phone
// the bottom navigation has no room for them, so they are in the More menu; on
// a wide screen the side navigation lists them. A profile shows a visitor Send
// Message and no Report; a signed-in student sees Report. The navigation's
// links mark the page shown and, with JS, navigate in place and prefetch.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signUp } from "./users";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Taps the one link by this name a person can see (the hidden navigation of the other width does not count). */
async function tap(page: Page, name: string) {
  await page.getByRole("link", { name, exact: true }).filter({ visible: true }).first().click();
}

test.describe("on a phone (390×844)", () => {
  test.use({ viewport: PHONE });

  test("a signed-in student reaches Settings and logs out within two taps from /home", async ({ page }) => {
    await signUp(page, { first: "Pia", last: "Phone" });
    await page.goto("/home");
    const bottom = page.getByRole("navigation", { name: "Main (mobile)" });
    await expect(bottom).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
    // Neither is in the bottom navigation itself…
    await expect(bottom.getByRole("link", { name: "Settings" })).toHaveCount(0);
    await expect(bottom.getByRole("link", { name: "Log out" })).toHaveCount(0);

    // …but More, then Settings.
    await bottom.getByRole("link", { name: "More", exact: true }).click();
    await expect(page).toHaveURL(/\/more$/);
    await page.getByRole("navigation", { name: "More" }).getByRole("link", { name: "Settings", exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: /Log out/ })).toBeVisible();

    // From /home: More, then Log out, which asks.
    await page.goto("/home");
    await bottom.getByRole("link", { name: "More", exact: true }).click();
    await page.getByRole("navigation", { name: "More" }).getByRole("link", { name: "Log out", exact: true }).click();
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByRole("heading", { name: "Log Out", exact: true }).last()).toBeVisible();
    await expect(page.getByText("Are you sure you want to logout?")).toBeVisible();
    await page.getByRole("button", { name: "Log out", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);

    // Signed out: the More menu now offers Log in and Sign up.
    await bottom.getByRole("link", { name: "More", exact: true }).click();
    const more = page.getByRole("navigation", { name: "More" });
    await expect(more.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
    await expect(more.getByRole("link", { name: "Sign up", exact: true })).toBeVisible();
    await expect(more.getByRole("link", { name: "Log out", exact: true })).toHaveCount(0);
  });
});

test.describe("on a wide screen (1280×800)", () => {
  test.use({ viewport: DESKTOP });

  test("a signed-in student reaches Settings and logs out within two taps from /home", async ({ page }) => {
    await signUp(page, { first: "Dora", last: "Desk" });
    await page.goto("/home");
    await tap(page, "Settings");
    await expect(page).toHaveURL(/\/settings(?:\/account)?$/);

    await page.goto("/home");
    await tap(page, "Log out");
    await expect(page).toHaveURL(/\/logout$/);
    await page.getByRole("button", { name: "Log out", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Log in", exact: true })).toBeVisible();
  });

  test("the More menu lists Settings and Log out on a wide screen too", async ({ page }) => {
    await signUp(page, { first: "Mona", last: "More" });
    await page.goto("/more/about");
    const more = page.getByRole("navigation", { name: "More" });
    await expect(more.getByRole("link", { name: "Settings", exact: true })).toHaveAttribute("href", "/settings");
    await expect(more.getByRole("link", { name: "Log out", exact: true })).toHaveAttribute("href", "/logout");
  });
});

test.describe("the navigation's links", () => {
  test.use({ viewport: DESKTOP });

  test("mark the page shown; with JS they navigate in place and fetch a page ahead when the pointer rests on it", async ({ page, javaScriptEnabled }) => {
    await signUp(page, { first: "Nia", last: "Navigates" });
    await page.goto("/settings/account");
    const side = page.getByRole("navigation", { name: "Main", exact: true });
    await expect(side.getByRole("link", { name: "Settings", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(side.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current");
    await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: /Your account/ })).toHaveAttribute("aria-current", "page");
    if (!javaScriptEnabled) {
      await side.getByRole("link", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/\/search$/);
      await expect(side.getByRole("link", { name: "Search", exact: true })).toHaveAttribute("aria-current", "page");
      return;
    }
    // Resting on Search renders its prefetch links; on Notifications (opening it marks them read), none.
    await side.getByRole("link", { name: "Notifications", exact: true }).hover();
    await page.waitForTimeout(300);
    await expect(side.locator('link[rel="prefetch"], link[rel="modulepreload"]')).toHaveCount(0);
    await side.getByRole("link", { name: "Search", exact: true }).hover();
    await expect(side.locator('link[rel="prefetch"][href*="search"]').first()).toBeAttached();
    // A click navigates without loading a new document: what the page set on window is still there.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    await side.getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(side.getByRole("link", { name: "Search", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(side.getByRole("link", { name: "Settings", exact: true })).not.toHaveAttribute("aria-current");
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });
});

test.describe("Report on a profile", () => {
  test.use({ viewport: PHONE });

  test("a visitor sees Send Message and no Report; a signed-in student sees Report", async ({ page }) => {
    await signUp(page, { first: "Rory", last: "Profiled" });
    await page.goto("/home");
    // The side navigation's Profile (hidden on a phone) names the signed-in user's own page.
    const profileUrl = (await page.locator(".side-nav a", { hasText: "Profile" }).getAttribute("href"))!;
    expect(profileUrl).toMatch(/^\/[a-z0-9-]+$/);
    await page.context().clearCookies();

    await page.goto(profileUrl);
    const card = page.locator(".profile__card");
    await expect(card.getByRole("link", { name: "Send Message" })).toHaveAttribute("href", "/more/help");
    await expect(card.getByRole("link", { name: "Report", exact: true })).toHaveCount(0);

    await signUp(page, { first: "Sam", last: "Student" });
    await page.goto(profileUrl);
    await expect(card.getByRole("link", { name: "Send Message" })).toBeVisible();
    await expect(card.getByRole("link", { name: "Report", exact: true })).toBeVisible();
  });
});
