// Item first: the composer asks for photos before the text and the price; the
// listing's page shows each photo whole in a gallery that scrolls sideways
// without JS, each a link to its largest size; on a phone Message seller stays
// at the bottom of the screen, and "Is this still available?" sends that message.
import sharp from "sharp";
import { expect, test, unique } from "./fixtures";
import { signUp } from "./users";

test.use({ viewport: { width: 390, height: 844 } });

async function photo(width: number, height: number, color: string, name: string) {
  return { name, mimeType: "image/png", buffer: await sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer() };
}

test("photos first in the composer; a whole-photo gallery with full-size links; sticky Message seller sends “Is this still available?”", async ({ page, browser, javaScriptEnabled }) => {
  test.slow(); // two users, an upload, a conversation
  await signUp(page, { first: "Gale" });
  await page.goto("/create/post?goBack=/home");
  // The order: the large Add photos target, then the text, then the price.
  const picker = page.getByLabel(/Photos and videos/);
  expect(await page.locator(".photo-picker label").evaluate((l) => getComputedStyle(l, "::before").content)).toBe('"+ Add photos"');
  const tops = await Promise.all([picker, page.getByLabel("Post text"), page.getByLabel("Price", { exact: true })].map(async (l) => (await l.boundingBox())!.y));
  expect(tops[0]).toBeLessThan(tops[1]!);
  expect(tops[1]).toBeLessThan(tops[2]!);
  const pickerBox = (await page.locator(".photo-picker label").boundingBox())!;
  expect(pickerBox.height).toBeGreaterThanOrEqual(100);
  const text = `Tall bookshelf ${unique()}`;
  // An upright photo and a wide one: each keeps its own shape on the page.
  await picker.setInputFiles([await photo(600, 900, "#963", "upright.png"), await photo(1800, 900, "#369", "wide.png")]);
  await page.getByLabel("Post text").fill(text);
  await page.getByLabel("Price", { exact: true }).fill("45");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByTestId("alert")).toContainText("Your post was sent.");
  await page.goto("/home?view=list");
  const href = await page.getByTestId("post-card").filter({ hasText: text }).first().locator("a.post-card__body").getAttribute("href");

  // The buyer on a phone.
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const buyer = await context.newPage();
  await signUp(buyer, { first: "Bea" });
  await buyer.goto(href!);
  const items = buyer.getByTestId("gallery-item");
  await expect(items).toHaveCount(2);
  const images = items.locator("img");
  await expect(images.nth(0)).not.toHaveAttribute("loading", "lazy");
  await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
  // Whole photos: drawn at their own aspect ratio, not cropped to a strip.
  const first = (await images.nth(0).boundingBox())!;
  expect(first.height / first.width).toBeCloseTo(1.5, 1);
  // Each opens at full size: a plain link to the largest stored variant.
  const links = items.locator("a.post-gallery__full");
  for (const i of [0, 1]) {
    const srcset = (await images.nth(i).getAttribute("srcset")) ?? "";
    const largest = srcset.split(", ").pop()!.split(" ")[0]!;
    await expect(links.nth(i)).toHaveAttribute("href", largest);
    const full = await buyer.request.get(largest);
    expect(full.headers()["content-type"]).toBe("image/webp");
  }
  // Scrolls sideways to the second photo (native scrolling: no script needed).
  const track = buyer.locator(".post-gallery__track");
  await expect(track).toHaveCSS("scroll-snap-type", "x mandatory");
  await track.hover();
  await buyer.mouse.wheel(400, 0);
  await expect.poll(async () => track.evaluate((t) => t.scrollLeft)).toBeGreaterThan(100);
  const second = (await images.nth(1).boundingBox())!;
  expect(second.x).toBeGreaterThanOrEqual(0);
  expect(second.x + second.width).toBeLessThanOrEqual(390);

  // Message seller: at the bottom of the screen, above the navigation, while the post is in view.
  await track.evaluate((t) => t.scrollTo(0, 0));
  await buyer.evaluate(() => window.scrollTo(0, 0));
  const bar = buyer.getByTestId("message-seller");
  const nav = (await buyer.locator(".bottom-nav").boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(nav.y + 1);
  expect(barBox.y + barBox.height).toBeGreaterThan(nav.y - 5);
  await bar.getByRole("button", { name: "Is this still available?" }).click();
  await expect(buyer).toHaveURL(/\/messages\/[\w-]+$/);
  await expect(buyer.getByText("Is this still available?")).toBeVisible();
  await context.close();
});
