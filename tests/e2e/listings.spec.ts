// Listings that sell: price, condition and pickup spot; pending and sold;
// editing; the feed's filters and sorts; expiry and Renew. Each test makes its
// own users and listings; prices in a range no other test uses keep the
// filtered feeds to this test's own listings.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import * as schema from "../../db/schema";
import { expect, openTestDb, test, unique } from "./fixtures";
import { newIdForTest } from "./ids";
import { signUp } from "./users";

async function photo(color: string, name: string) {
  return { name, mimeType: "image/png", buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: color } }).png().toBuffer() };
}

/**
 * A price range of its own for each test that filters by price, in each
 * project and on each try (whole dollars, $99 wide): `testNumber` numbers
 * the test, and no two of a run share a slot (random ones met now and then).
 * The slots lie between $90,000 and $100,000, above every other test's
 * prices (grid.spec.ts takes ranges between $2,000 and $82,000).
 */
function ownRange(testNumber: number, js: boolean) {
  const slot = (testNumber * 2 + (js ? 0 : 1) + test.info().retry * 6) % 50;
  const base = 90_000 + slot * 200;
  return { base, min: String(base), max: String(base + 99) };
}

/** Posts a listing through the composer; returns its id. */
async function postListing(page: Page, opts: { text: string; price?: string; free?: boolean; terms?: "Firm" | "OBO"; condition?: string; spot?: string; files?: { name: string; mimeType: string; buffer: Buffer }[] }) {
  await page.goto("/create/post?goBack=/home");
  await page.getByLabel("Post text").fill(opts.text);
  if (opts.price) await page.getByLabel("Price", { exact: true }).fill(opts.price);
  if (opts.free) await page.getByLabel("Free", { exact: true }).check();
  if (opts.terms) await page.getByLabel(opts.terms, { exact: true }).check();
  if (opts.condition) await page.getByLabel("Condition").selectOption({ label: opts.condition });
  if (opts.spot) await page.getByLabel("Pickup spot").selectOption({ label: opts.spot });
  if (opts.files) await page.getByLabel(/Photos and videos/).setInputFiles(opts.files);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByTestId("alert")).toContainText("Your post was sent.");
  await page.goto(`/home?min=0&sort=newest&sold=show&view=list`);
  const href = await page.getByTestId("post-card").filter({ hasText: opts.text }).first().locator("a.post-card__body").getAttribute("href");
  return href!.split("/").pop()!;
}

test("a listing with price, condition and pickup spot shows them on the card and its page", async ({ page }) => {
  await signUp(page);
  const text = `Standing desk ${unique()}`;
  const id = await postListing(page, { text, price: "$1,250", terms: "OBO", condition: "Like new", spot: "Oklahoma Memorial Union, main lobby" });
  const card = page.getByTestId("post-card").filter({ hasText: text });
  await expect(card.getByTestId("price")).toHaveText("$1,250 OBO");
  await expect(card).toContainText("Like new");
  await page.goto(`/post/${id}`);
  const post = page.getByTestId("post-card");
  await expect(post.getByTestId("price")).toHaveText("$1,250 OBO");
  await expect(post).toContainText("Like new");
  await expect(post).toContainText("Pickup spot");
  await expect(post).toContainText("Oklahoma Memorial Union, main lobby");
});

test("a bad price is refused with the message, keeping the draft", async ({ page }) => {
  await signUp(page);
  await page.goto("/create/post");
  await page.getByLabel("Post text").fill("Bike for sale");
  await page.getByLabel("Condition").selectOption({ label: "Good" });
  await page.getByLabel("Price", { exact: true }).fill("sixty bucks");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Enter a price like 25 or 25.50")).toBeVisible();
  await expect(page.getByLabel("Post text")).toHaveValue("Bike for sale");
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue("sixty bucks");
  await expect(page.getByLabel("Condition")).toHaveValue("good");
  await page.getByLabel("Price", { exact: true }).fill("250000");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Price must be $100,000 or less")).toBeVisible();
  await expect(page.getByLabel("Post text")).toHaveValue("Bike for sale");
});

test("mark pending then sold: the badge and the feed change; a stranger is refused", async ({ page, browser, baseURL, javaScriptEnabled }) => {
  test.slow(); // two users signed up, two status changes, three feeds
  await signUp(page);
  const range = ownRange(0, javaScriptEnabled);
  const text = `Desk lamp ${unique()}`;
  const id = await postListing(page, { text, price: String(range.base) });
  const filtered = `/home?min=${range.min}&max=${range.max}&view=list`;

  await page.goto(`/post/${id}`);
  await page.getByRole("button", { name: "Mark as pending" }).click();
  await expect(page.getByTestId("alert")).toContainText("Marked as pending.");
  await expect(page.getByTestId("post-card")).toContainText("Pending");
  await page.goto(filtered);
  await expect(page.getByTestId("post-card").filter({ hasText: text })).toContainText("Pending");

  await page.goto(`/post/${id}`);
  await page.getByRole("button", { name: "Mark as sold" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Mark as sold?" });
  await dialog.getByRole("button", { name: "Mark as sold" }).click();
  await expect(page.getByTestId("alert")).toContainText("Marked as sold.");
  const card = page.getByTestId("post-card");
  await expect(card).toContainText("Sold");
  await expect(card.locator("s[data-testid=price]")).toHaveText(`$${range.base.toLocaleString("en-US")}`);
  // Sold leaves the default feed; unticking Hide sold shows it.
  await page.goto(filtered);
  await expect(page.getByText("No Posts")).toBeVisible();
  await page.locator("summary", { hasText: "Filters" }).click();
  await page.getByLabel("Hide sold").uncheck();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/sold=show/);
  await expect(page.getByTestId("post-card").filter({ hasText: text })).toContainText("Sold");

  // Someone else, whatever the form says: 403, and nothing changes.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await signUp(stranger);
  const refused = await stranger.request.post(`/post/${id}`, { form: { intent: "status", status: "available" }, maxRedirects: 0, headers: { Origin: new URL(baseURL!).origin } });
  expect(refused.status()).toBe(403);
  await stranger.goto(`/post/${id}`);
  await expect(stranger.getByRole("button", { name: "Mark as available" })).toHaveCount(0);
  await expect(stranger.getByTestId("post-card")).toContainText("Sold");
  await other.close();
});

test("the author edits a listing's price and removes a photo; the post shows Edited", async ({ page }) => {
  await signUp(page);
  const text = `Bookshelf ${unique()}`;
  const id = await postListing(page, { text, price: "40", files: [await photo("#c33", "front.png"), await photo("#33c", "back.png")] });
  await page.goto(`/post/${id}`);
  await expect(page.getByTestId("post-card").locator(".post-gallery img")).toHaveCount(2);
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${id}/edit$`));
  await expect(page.getByLabel("Post text")).toHaveValue(text);
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue("40");
  await page.getByLabel("Price", { exact: true }).fill("35.50");
  await page.getByLabel("Remove back.png").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${id}$`));
  await expect(page.getByTestId("alert")).toContainText("Your post was updated.");
  const post = page.getByTestId("post-card");
  await expect(post.getByTestId("price")).toHaveText("$35.50");
  await expect(post.locator(".post-gallery img")).toHaveCount(1);
  await expect(post.locator(".post-gallery img")).toHaveAttribute("alt", "Photo 1 of 1 from Tess's post");
  await expect(post).toContainText("Edited");
  // A bad price on the edit page: the message, and the draft kept.
  await page.goto(`/post/${id}/edit`);
  await page.getByLabel("Price", { exact: true }).fill("1.234");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a price like 25 or 25.50")).toBeVisible();
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue("1.234");
});

test("filter /home by a price range and by Free; sort by price both ways across two pages", async ({ page, javaScriptEnabled }) => {
  const range = ownRange(1, javaScriptEnabled);
  const marker = unique("f");
  const { db, close } = openTestDb();
  const [author] = await db
    .insert(schema.users)
    .values({ id: newIdForTest(), campusId: "ou", firstName: "Filter", lastName: "T.", username: marker, email: `${marker}@example.com`, verified: true })
    .returning();
  const now = Date.now();
  // Twelve prices in the range, two of them the same (a tie), and one Free listing.
  const prices = [0, 10, 20, 30, 30, 40, 50, 60, 70, 80, 90, 95].map((d) => (range.base + d) * 100);
  const rows = prices.map((cents, i) => ({ id: newIdForTest(), campusId: "ou", authorId: author!.id, text: [{ text: `${marker} item ${i}` }], priceCents: cents, createdAt: now - i * 1000, lastActivityAt: now - i * 1000 }));
  const free = { id: newIdForTest(), campusId: "ou", authorId: author!.id, text: [{ text: `${marker} free` }], priceCents: 0, isFree: true, createdAt: now, lastActivityAt: now };
  await db.insert(schema.posts).values([...rows, free]);
  await close();
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  const ascending = rows
    .map((r) => ({ ...r }))
    .sort((a, b) => a.priceCents - b.priceCents || byId(a, b))
    .map((r) => r.text[0]!.text);
  const descending = rows
    .map((r) => ({ ...r }))
    .sort((a, b) => b.priceCents - a.priceCents || byId(b, a))
    .map((r) => r.text[0]!.text);

  const mine = page.getByTestId("post-card").filter({ hasText: marker });
  const end = page.getByText("You've reached the end.");
  async function readAll() {
    const seen: string[] = [];
    if (javaScriptEnabled) {
      for (let i = 0; i < 10 && !(await end.isVisible()); i++) {
        await page.mouse.wheel(0, 20_000);
        await page.waitForTimeout(300);
        const more = page.getByRole("link", { name: "Load more" });
        if (await more.isVisible()) await more.click();
      }
      await expect(end).toBeVisible();
      seen.push(...(await mine.locator(".rich-text").allInnerTexts()));
    } else {
      for (let i = 0; i < 5; i++) {
        seen.push(...(await mine.locator(".rich-text").allInnerTexts()));
        if (await end.isVisible()) break;
        await page.getByRole("link", { name: "Load more" }).click();
        await expect(page).toHaveURL(/cursor=/);
      }
    }
    return seen.map((t) => t.trim());
  }

  await page.goto("/home?view=list");
  await page.locator("summary", { hasText: "Filters" }).click();
  await page.getByLabel("Min price").fill(range.min);
  await page.getByLabel("Max price").fill(range.max);
  await page.getByLabel("Sort", { exact: true }).selectOption({ label: "Price: low to high" });
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page).toHaveURL(new RegExp(`min=${range.min}`));
  await expect(mine).toHaveCount(10);
  expect(await readAll()).toEqual(ascending);

  // The filtered, sorted feed is an address: open it afresh, the other way round.
  await page.goto(`/home?min=${range.min}&max=${range.max}&sort=price-desc&view=list`);
  await expect(page.getByLabel("Sort", { exact: true })).toHaveValue("price-desc");
  await expect(page.getByLabel("Min price")).toHaveValue(range.min);
  expect(await readAll()).toEqual(descending);

  await page.goto("/home?view=list");
  await page.locator("summary", { hasText: "Filters" }).click();
  await page.getByLabel("Free only").check();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/free=on/);
  await expect(page.getByTestId("post-card").filter({ hasText: `${marker} free` })).toContainText("Free");
  await expect(page.getByTestId("post-card").filter({ hasText: `${marker} item` })).toHaveCount(0);
});

test.describe(() => {
  // The held request must reach this page's route handler, not a service worker's cache.
  test.use({ serviceWorkers: "block" });

  /** Opens /home's Filters with the fields' code held back, as a slow phone network would; the result lets it through. */
  async function openFiltersWithCodeHeld(page: Page): Promise<() => void> {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/build\/.*feed-filter-fields-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const asked = page.waitForRequest(/feed-filter-fields-[^/]*\.js$/);
    await page.goto("/home?view=list");
    await page.locator("summary", { hasText: "Filters" }).click();
    await asked;
    return release;
  }

  test("a sort chosen while the filters' code is still on its way is applied when it arrives", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JS the form is applied with Filter");
    const release = await openFiltersWithCodeHeld(page);
    await page.getByLabel("Sort", { exact: true }).selectOption({ label: "Price: low to high" });
    await page.waitForTimeout(500);
    expect(new URL(page.url()).search).toBe("?view=list");
    release();
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(page.getByLabel("Sort", { exact: true })).toHaveValue("price-asc");
  });

  test("Hide sold unticked while the filters' code is still on its way is applied when it arrives", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JS the form is applied with Filter");
    const release = await openFiltersWithCodeHeld(page);
    // A box, unlike a list, tells React of a change only by its click, which came before the code.
    await page.getByLabel("Hide sold").uncheck();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).search).toBe("?view=list");
    release();
    await expect(page).toHaveURL(/sold=show/);
    await expect(page.getByLabel("Hide sold")).not.toBeChecked();
  });
});

test("an expired listing leaves the feed, shows Expired, and comes back after Renew", async ({ page, javaScriptEnabled }) => {
  test.slow();
  const user = await signUp(page);
  const range = ownRange(2, javaScriptEnabled);
  const text = `Old futon ${unique()}`;
  const id = await postListing(page, { text, price: String(range.base) });
  const monthAgo = Date.now() - 31 * 24 * 3600_000;
  const { db, close } = openTestDb();
  await db.update(schema.posts).set({ createdAt: monthAgo, lastActivityAt: monthAgo }).where(eq(schema.posts.id, id));
  const [me] = await db.select({ username: schema.users.username }).from(schema.users).where(eq(schema.users.email, user.email));
  await close();
  const filtered = `/home?min=${range.min}&max=${range.max}&view=list`;
  await page.goto(filtered);
  await expect(page.getByText("No Posts")).toBeVisible();
  await page.goto(`/${me!.username}`);
  await expect(page.getByTestId("post-card").filter({ hasText: text })).toContainText("Expired");

  await page.goto(`/post/${id}`);
  await expect(page.getByTestId("post-card")).toContainText("Expired");
  await page.getByRole("button", { name: "Renew" }).click();
  await page.getByRole("alertdialog", { name: "Renew listing?" }).getByRole("button", { name: "Renew" }).click();
  await expect(page.getByTestId("alert")).toContainText("Listing renewed.");
  await expect(page.getByTestId("post-card")).not.toContainText("Expired");
  await page.goto(filtered);
  await expect(page.getByTestId("post-card").filter({ hasText: text })).toBeVisible();
  // Renewed just now: the next renewal waits 48 hours.
  await page.goto(`/post/${id}`);
  await expect(page.getByRole("button", { name: "Renew" })).toHaveCount(0);
  await expect(page.getByText("You can renew this listing from")).toBeVisible();
});
