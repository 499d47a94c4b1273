import sharp from "sharp";
import { campusUrl, expect, test, unique } from "./fixtures";
import { signUp } from "./users";

async function photo(color: string, name: string) {
  return { name, mimeType: "image/png", buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: color } }).png().toBuffer() };
}

test.describe("posts", () => {
  test("a school-verified user posts text, a category and two photos; it leads the feed and has its page", async ({ page, baseURL, javaScriptEnabled }) => {
    // A campus no other test posts to (one per project, as they run side by side), so "first" means first.
    const site = javaScriptEnabled
      ? { host: "campusbuysell.localhost", domain: "ou.edu" }
      : { host: "smubuysell.localhost", domain: "smu.edu" };
    const origin = campusUrl(baseURL, site.host).replace(/\/$/, "");
    await signUp(page, { domain: site.domain, origin });
    const text = `Mini fridge ${unique()}`;
    await page.goto(`${origin}/create/post?goBack=/home`);
    await page.getByLabel("Post text").fill(`${text}\nPick up at Couch.`);
    await page.getByLabel("Category").selectOption({ label: "Household" });
    await page.getByLabel(/Photos and videos/).setInputFiles([await photo("#e33", "front.png"), await photo("#33e", "back.png")]);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("alert")).toContainText("Your post was sent.");
    const first = page.getByTestId("post-card").first();
    await expect(first).toContainText(text);
    await expect(first).toContainText("Household");
    // The feed shows the first photo 200 px square (a wide photo cropped), from the variant stored at that size, and "+1".
    const thumbnail = first.locator(".media-preview img");
    await expect(thumbnail).toHaveCount(1);
    await expect(thumbnail).toHaveAttribute("alt", "Photo 1 of 2 from Tess's post");
    await expect(thumbnail).toHaveAttribute("loading", "lazy");
    await expect(thumbnail).toHaveAttribute("width", "200");
    await expect(thumbnail).toHaveAttribute("height", "200");
    await expect(thumbnail).toHaveAttribute("sizes", "(max-width: 200px) 100vw, 200px");
    await expect(thumbnail).toHaveAttribute("srcset", /-200\.webp 200w, .*-400\.webp 400w, .*-640\.webp 640w$/);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-200\.webp$/);
    expect(await thumbnail.evaluate((img) => [img.getBoundingClientRect().width, img.getBoundingClientRect().height])).toEqual([200, 200]);
    await expect(first.locator(".media-preview")).toContainText("+1 more");
    // The alert's View link opens the post (its page has the same post), with every photo at full quality.
    await page.goto(`${origin}/home`);
    await first.getByRole("link", { name: text.split("\n")[0]! }).click();
    await expect(page).toHaveURL(/\/post\/[\w-]+$/);
    await expect(page.locator("header h1")).toHaveText("Tess's post");
    const post = page.getByTestId("post-card");
    await expect(post).toContainText(text);
    const photos = post.locator(".post-gallery img");
    await expect(photos).toHaveCount(2);
    await expect(photos.nth(1)).toHaveAttribute("alt", "Photo 2 of 2 from Tess's post");
    await expect(photos.first()).toHaveAttribute("srcset", /^\S+-640\.webp 640w, \S+-900\.webp 900w$/);
    // "+1" on the feed opens the same page.
    await page.goto(`${origin}/home`);
    await first.getByRole("link", { name: "Photo 1 of 2 from Tess's post +1 more" }).click();
    await expect(page).toHaveURL(/\/post\/[\w-]+$/);
    await expect(page.getByTestId("post-card").locator(".post-gallery img")).toHaveCount(2);
  });

  test("over-long text and eleven files are refused with the spec's messages, keeping the draft", async ({ page }) => {
    await signUp(page);
    await page.goto("/create/post");
    const long = "x".repeat(495) + "\nabcd"; // 495 + 2 + 4 = 501
    await page.getByLabel("Post text").fill(long);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByText("Error: Too many characters!").first()).toBeVisible();
    await page.getByLabel("Post text").fill("Short and fine");
    const files = await Promise.all(Array.from({ length: 11 }, (_, i) => photo("#0a0", `p${i}.png`)));
    await page.getByLabel(/Photos and videos/).setInputFiles(files);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByText("Please choose up to 10 photos.").first()).toBeVisible();
    await expect(page.getByLabel("Post text")).toHaveValue("Short and fine");
  });

  test("a visitor's Save and Comment open the sign-up prompt", async ({ page, browser, javaScriptEnabled }) => {
    test.setTimeout(60_000);
    // A post of its own, made by a seller in another browser, so the test does not depend on others.
    const seller = await browser.newContext({ javaScriptEnabled });
    const sellerPage = await seller.newPage();
    await signUp(sellerPage);
    const text = `Desk lamp ${unique()}`;
    await sellerPage.goto("/create/post?goBack=/home");
    await sellerPage.getByLabel("Post text").fill(text);
    await sellerPage.getByRole("button", { name: "Post", exact: true }).click();
    await expect(sellerPage.getByTestId("post-card").filter({ hasText: text })).toBeVisible();
    await seller.close();

    await page.goto("/home");
    await page.getByTestId("post-card").filter({ hasText: text }).getByRole("link", { name: /Save/ }).click();
    await expect(page).toHaveURL(/signup=like/);
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.goto("/home");
    await page.getByTestId("post-card").filter({ hasText: text }).getByRole("link", { name: /Comment/ }).click();
    await expect(page).toHaveURL(/signup=comment/);
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("a post on UT is not in OU's feed", async ({ page, baseURL }) => {
    const ut = campusUrl(baseURL, "utbuysell.localhost");
    await signUp(page, { domain: "utexas.edu", origin: ut.replace(/\/$/, "") });
    const text = `Longhorn lamp ${unique()}`;
    await page.goto(campusUrl(baseURL, "utbuysell.localhost", "/create/post"));
    await page.getByLabel("Post text").fill(text);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByTestId("post-card").filter({ hasText: text })).toBeVisible();
    await page.goto(campusUrl(baseURL, "localhost", "/home"));
    await expect(page.getByText(text)).toHaveCount(0);
  });
});

test("closing a composer with a draft asks to discard; Keep Writing keeps it", async ({ page }) => {
  await signUp(page);
  await page.goto("/create/post?goBack=/home");
  await page.getByLabel("Post text").fill("Half a thought");
  await page.getByRole("button", { name: "Close" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Discard Post?" });
  await expect(dialog).toContainText("Are you sure? Your draft will not be saved.");
  await dialog.getByRole("button", { name: "Keep Writing" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Post text")).toHaveValue("Half a thought");
  await page.getByRole("button", { name: "Close" }).click();
  await page.getByRole("alertdialog", { name: "Discard Post?" }).getByRole("link", { name: "Discard" }).click();
  await expect(page).toHaveURL(/\/home$/);
  // An empty composer closes without asking.
  await page.goto("/create/post?goBack=/more/about");
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/more\/about$/);
});

test("with JS on a wide screen the composer opens in a modal; the category switch is announced", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the modal is the JS enhancement; without JS the link opens /create/post (tested above)");
  await signUp(page);
  await page.goto("/home");
  await page.getByRole("link", { name: "Sell something" }).click();
  const modal = page.getByRole("dialog", { name: "Create Post" });
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await modal.getByLabel("Category").selectOption({ label: "Tickets" });
  await expect(page.getByTestId("alert").filter({ hasText: "Category switched" })).toBeVisible();
  const text = `Two tickets ${unique()}`;
  await modal.getByLabel("Post text").fill(text);
  await modal.getByRole("button", { name: "Post", exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId("post-card").filter({ hasText: text })).toBeVisible();
});

test("the editor stops at 500 characters with JS", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JS the server refuses (tested above)");
  await signUp(page);
  await page.goto("/create/post");
  const box = page.getByLabel("Post text");
  await box.fill("y".repeat(498));
  await expect(page.getByText("498 / 500")).toBeVisible();
  await box.press("End");
  await box.pressSequentially("abcd");
  await expect(box).toHaveValue("y".repeat(498) + "ab");
  await expect(page.getByTestId("alert").filter({ hasText: "Error: Too many characters!" })).toBeVisible();
});

