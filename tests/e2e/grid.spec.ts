// The phone's first screen (390×844): Grid shows listings as photo tiles with
// their prices, List whole posts; the Filters disclosure opens and applies.
// Listings in a price range of this test's own keep the filtered feeds to them.
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, unique } from "./fixtures";
import { signUp } from "./users";

test.use({ viewport: { width: 390, height: 844 } });

/** Posts `count` listings with a photo each, as the composer's form does (multipart, no JS). */
async function postPhotoListings(page: Page, baseURL: string, marker: string, base: number, count: number) {
  for (let i = 0; i < count; i++) {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: ["#c33", "#3c3", "#33c", "#cc3", "#3cc"][i % 5]! } }).png().toBuffer();
    const res = await page.request.post("/create/post?goBack=/home", {
      headers: { Origin: new URL(baseURL).origin },
      multipart: {
        intent: "send",
        text: `${marker} lamp ${i}\nSecond line of the listing.`,
        price: String(base + i),
        pickupSpot: "ou-union",
        files: { name: `lamp-${i}.png`, mimeType: "image/png", buffer: photo },
      },
      maxRedirects: 0,
    });
    expect(res.status(), await res.text()).toBe(302);
  }
}

/** Whether the element lies wholly inside the viewport, above the phone's bottom navigation. */
async function wholeOnScreen(page: Page, selector: ReturnType<Page["locator"]>) {
  const box = await selector.boundingBox();
  const nav = await page.locator(".bottom-nav").boundingBox();
  const bottom = nav ? nav.y : 844;
  return box !== null && box.y >= 0 && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= bottom;
}

test("Grid and List at 390×844: four tiles with photo and price on the first screen, a whole post in List; Filters opens and applies", async ({ page, baseURL, javaScriptEnabled }) => {
  test.slow(); // six listings with photos
  await signUp(page);
  const marker = unique("grid");
  const base = 2_000 + Math.floor(Math.random() * 400) * 200 + (javaScriptEnabled ? 0 : 100);
  await postPhotoListings(page, baseURL!, marker, base, 6);
  const range = `min=${base}&max=${base + 99}`;

  // The plain campus feed: compact Sell something, Filters folded, List chosen.
  await page.goto("/home");
  await expect(page.getByRole("link", { name: "Sell something" })).toBeVisible();
  await expect(page.locator("summary", { hasText: "Filters" })).toHaveText("Filters");
  await expect(page.getByLabel("Min price")).toBeHidden();
  await expect(page.getByRole("group", { name: "View" }).getByRole("link", { name: "List" })).toHaveAttribute("aria-current", "true");

  // A filtered feed opens in Grid: at least four tiles wholly on the first screen, each with its photo and price.
  await page.goto(`/home?${range}`);
  await expect(page.locator("summary", { hasText: "Filters" })).toHaveText("Filters · 2");
  await expect(page.getByRole("group", { name: "View" }).getByRole("link", { name: "Grid" })).toHaveAttribute("aria-current", "true");
  const tiles = page.getByTestId("post-tile");
  await expect(tiles).toHaveCount(6);
  let onScreen = 0;
  for (let i = 0; i < 6; i++) {
    const tile = tiles.nth(i);
    const img = tile.locator("img");
    if (!(await wholeOnScreen(page, tile))) continue;
    await expect(img).toHaveJSProperty("complete", true);
    expect(await img.evaluate((e: HTMLImageElement) => e.naturalWidth)).toBeGreaterThan(0);
    await expect(tile.getByTestId("price")).toHaveText(/^\$[\d,]+$/);
    onScreen++;
  }
  expect(onScreen).toBeGreaterThanOrEqual(4);
  // Newest first: the last posted is the first tile, with its first line and pickup spot.
  await expect(tiles.first()).toContainText(`${marker} lamp 5`);
  await expect(tiles.first()).not.toContainText("Second line");
  await expect(tiles.first()).toContainText("Oklahoma Memorial Union");
  // Tiles have one fixed shape whatever the photo: nothing shifts as they load.
  const boxes = await Promise.all([0, 1].map((i) => tiles.nth(i).locator(".tile__media").boundingBox()));
  expect(Math.round(boxes[0]!.width)).toBe(Math.round(boxes[0]!.height));
  expect(Math.round(boxes[0]!.y)).toBe(Math.round(boxes[1]!.y));
  if (javaScriptEnabled) await expectAccessible(page);

  // The Filters disclosure opens and applies; the view the address names travels with the form.
  await page.getByRole("group", { name: "View" }).getByRole("link", { name: "List" }).click();
  await expect(page).toHaveURL(/view=list/);
  await page.locator("summary", { hasText: "Filters" }).click();
  await page.getByLabel("Max price").fill(String(base + 2));
  if (javaScriptEnabled) await page.getByLabel("Max price").press("Enter");
  else await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`max=${base + 2}`));
  await expect(page).toHaveURL(/view=list/);
  const cards = page.getByTestId("post-card");
  await expect(cards).toHaveCount(3);
  await expect(page.locator("summary", { hasText: "Filters" })).toHaveText("Filters · 2");
  // List, the fold closed again (with JS it stays as the reader left it): at least the first post whole below the header.
  if (javaScriptEnabled) await page.locator("summary", { hasText: "Filters" }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await wholeOnScreen(page, cards.first())).toBe(true);
  const header = await page.locator("header").first().boundingBox();
  expect((await cards.first().boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});
