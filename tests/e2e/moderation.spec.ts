// The review queue and suspensions (docs/product.md §13, §14), with and without JavaScript:
// the owner removes a reported post and its author is told why; a dismissed
// report brings a hidden post back; a suspended user's composer is refused
// with the reason; /moderation is a 404 for everyone but moderators.
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, test, unique } from "./fixtures";
import { logInAsOwner } from "./owner";
import { signUp } from "./users";

/** Another person in a browser of their own (the same JS setting), signed up and verified. */
async function someone(browser: Browser, javaScriptEnabled: boolean, first: string) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const user = await signUp(page, { first });
  return { page, user, close: () => context.close() };
}

// The owner signs in once per worker (sign-in links to one address are limited
// to a few every 15 minutes); each test opens a browser with that session.
let ownerState: Promise<string> | null = null;

/** A browser signed in as the owner, on /moderation. */
async function ownerOn(browser: Browser, javaScriptEnabled: boolean) {
  ownerState ??= (async () => {
    const context = await browser.newContext();
    await logInAsOwner(await context.newPage());
    const file = path.join(process.env.E2E_DIR!, `owner-state-${process.pid}.json`);
    await context.storageState({ path: file });
    await context.close();
    return file;
  })();
  const context = await browser.newContext({ javaScriptEnabled, storageState: await ownerState });
  const page = await context.newPage();
  await page.goto("/moderation");
  return { page, close: () => context.close() };
}

/** Posts through the composer; returns the post's id. */
async function writePost(page: Page, text: string): Promise<string> {
  await page.goto("/create/post?goBack=/home");
  await page.getByLabel("Post text").fill(text);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByTestId("alert")).toContainText("Your post was sent.");
  await page.goto("/home");
  const href = await page.getByTestId("post-card").filter({ hasText: text }).first().locator("a.post-card__body").getAttribute("href");
  return href!.split("/").pop()!;
}

/** Reports a post from its page with a reason (and a note). */
async function reportPost(page: Page, postId: string, reason: string, note?: string) {
  await page.goto(`/post/${postId}`);
  await page.getByRole("link", { name: "Report", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Report this post" });
  await dialog.getByLabel(reason).check();
  if (note) await dialog.getByLabel("Add a note (optional)").fill(note);
  await dialog.getByRole("button", { name: "Report" }).click();
  await expect(page.getByTestId("alert")).toContainText("Post Reported. Thanks for letting us know.");
}

const entryFor = (page: Page, text: string) => page.getByTestId("moderation-entry").filter({ hasText: text });

test("the owner removes a reported post from /moderation and its author is told why", async ({ page, browser, javaScriptEnabled }) => {
  test.slow();
  await signUp(page, { first: "Ava" });
  const text = `Sealed phone, cash only ${unique()}`;
  const postId = await writePost(page, text);

  const reporter = await someone(browser, javaScriptEnabled, "Remy");
  await reportPost(reporter.page, postId, "Scam or fraud", "Asked me to pay with gift cards");
  await reporter.close();

  const owner = await ownerOn(browser, javaScriptEnabled);
  const ownerPage = owner.page;
  await ownerPage.goto("/home");
  const nav = ownerPage.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: /^Moderation/ });
  await expect(nav).toHaveAccessibleName(/^Moderation, \d+ open$/);
  await nav.click();
  await expect(ownerPage).toHaveURL(/\/moderation$/);
  const entry = entryFor(ownerPage, text);
  await expect(entry).toContainText("Reported post");
  await expect(entry.getByTestId("report")).toHaveCount(1);
  await expect(entry.getByTestId("report")).toContainText("Remy T.");
  await expect(entry.getByTestId("report")).toContainText("Scam or fraud");
  await expect(entry.getByTestId("report")).toContainText("Asked me to pay with gift cards");
  await expect(entry).toContainText("Earlier upheld reports: 0");
  await expect(entry).toContainText("Not suspended");
  // axe runs as a script in the page: the js project checks the same HTML.
  if (javaScriptEnabled) await expectAccessible(ownerPage);

  await entry.getByRole("link", { name: "Remove item" }).click();
  const confirm = ownerPage.getByRole("alertdialog", { name: "Remove this post?" });
  await expect(confirm).toContainText('"Your post was removed for breaking the rules: Scam or fraud"');
  // axe runs as a script in the page: the js project checks the same HTML.
  if (javaScriptEnabled) await expectAccessible(ownerPage);
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(ownerPage.getByTestId("alert")).toContainText("Post removed.");
  await expect(entryFor(ownerPage, text)).toHaveCount(0);
  await owner.close();

  // The author: the notice in the app, and the post is gone.
  await page.goto("/notifications");
  await expect(page.getByTestId("notification").first()).toContainText("Your post was removed for breaking the rules: Scam or fraud");
  await page.goto(`/post/${postId}`);
  await expect(page.getByText("Sorry, that post has been deleted.")).toBeVisible();
});

test("three reports hide a post until the owner dismisses them", async ({ page, browser, javaScriptEnabled }) => {
  test.slow();
  await signUp(page, { first: "Dana" });
  const text = `Mini fridge, barely used ${unique()}`;
  const postId = await writePost(page, text);
  for (const first of ["Rae", "Rob", "Ria"]) {
    const reporter = await someone(browser, javaScriptEnabled, first);
    await reportPost(reporter.page, postId, "Spam");
    await reporter.close();
  }

  // Hidden from everyone else; its author sees why.
  const visitor = await browser.newContext({ javaScriptEnabled });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/post/${postId}`);
  await expect(visitorPage.getByText("Hmm...this page doesn't exist.")).toBeVisible();
  await page.goto(`/post/${postId}`);
  await expect(page.getByText("Hidden while we review reports")).toBeVisible();

  const owner = await ownerOn(browser, javaScriptEnabled);
  const ownerPage = owner.page;
  const entry = entryFor(ownerPage, text);
  await expect(entry).toContainText("Hidden while we review reports");
  await expect(entry.getByTestId("report")).toHaveCount(3);
  await entry.getByRole("link", { name: "Dismiss" }).click();
  await ownerPage.getByRole("alertdialog", { name: "Dismiss these reports?" }).getByRole("button", { name: "Dismiss" }).click();
  await expect(ownerPage.getByTestId("alert")).toContainText("Reports dismissed.");
  await expect(entryFor(ownerPage, text)).toHaveCount(0);
  await owner.close();

  // Shown again.
  await visitorPage.goto(`/post/${postId}`);
  await expect(visitorPage.getByTestId("post-card").filter({ hasText: text })).toBeVisible();
  await visitor.close();
  await page.goto(`/post/${postId}`);
  await expect(page.getByText("Hidden while we review reports")).toHaveCount(0);
});

test("a suspended user's composer is refused with the reason, and says why from then on", async ({ page, browser, javaScriptEnabled }) => {
  test.slow();
  await signUp(page, { first: "Sid" });
  const text = `Followers for sale ${unique()}`;
  const postId = await writePost(page, text);
  const reporter = await someone(browser, javaScriptEnabled, "Rhea");
  await reportPost(reporter.page, postId, "Spam");
  await reporter.close();
  // The author starts another post before the owner acts.
  await page.goto("/create/post?goBack=/home");
  await page.getByLabel("Post text").fill("More followers, cheap");

  const owner = await ownerOn(browser, javaScriptEnabled);
  const ownerPage = owner.page;
  const entry = entryFor(ownerPage, text);
  await entry.getByLabel("Suspend for").selectOption("7d");
  await entry.getByLabel("Reason").selectOption({ label: "Spam" });
  await entry.getByRole("button", { name: "Suspend author" }).click();
  await ownerPage.getByRole("alertdialog", { name: "Suspend Sid T.?" }).getByRole("button", { name: "Suspend" }).click();
  await expect(ownerPage.getByTestId("alert")).toContainText("Sid T. is suspended for 7 days.");
  await expect(entryFor(ownerPage, text)).toContainText(/Suspended until .+: Spam/);
  await expect(entryFor(ownerPage, text).getByTestId("moderation-action")).toContainText("Suspended Sid T. for 7 days: Spam");
  await owner.close();

  // The open composer is refused with the reason; the draft stays.
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText(/^Your account is suspended until .+: Spam$/)).toBeVisible();
  await expect(page.getByLabel("Post text")).toHaveValue("More followers, cheap");
  // From then on the reason shows where the composer would be.
  await page.goto("/home");
  await expect(page.getByTestId("suspension-notice")).toHaveText(/^Your account is suspended until .+: Spam$/);
  await expect(page.getByRole("link", { name: "Sell something" })).toHaveCount(0);
  // Save (like Comment and Message seller) opens the same words instead of acting.
  await page.getByTestId("post-card").filter({ hasText: text }).getByRole("link", { name: /^Save/ }).click();
  await expect(page.getByRole("dialog", { name: "Your account is suspended" }).getByTestId("suspension-notice")).toHaveText(/^Your account is suspended until .+: Spam$/);
});

test("/moderation is a 404 for visitors and for users who are not moderators", async ({ page, request }) => {
  const asVisitor = await page.goto("/moderation");
  expect(asVisitor?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect((await request.post("/moderation", { form: { intent: "dismiss", target: "post:x" } })).status()).toBe(404);

  await signUp(page, { first: "Nora" });
  await expect(page.getByRole("link", { name: /^Moderation/ })).toHaveCount(0);
  const asUser = await page.goto("/moderation");
  expect(asUser?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect((await page.request.post("/moderation", { form: { intent: "dismiss", target: "post:x" } })).status()).toBe(404);
});

test("on a phone, a moderator finds Moderation in the bottom navigation", async ({ browser, javaScriptEnabled }) => {
  const owner = await ownerOn(browser, javaScriptEnabled);
  await owner.page.setViewportSize({ width: 390, height: 844 });
  await owner.page.goto("/home");
  const mobileNav = owner.page.getByRole("navigation", { name: "Main (mobile)" });
  await mobileNav.getByRole("link", { name: /^Moderation/ }).click();
  await expect(owner.page).toHaveURL(/\/moderation$/);
  await owner.close();
});
