import sharp from "sharp";
import { campusUrl, expect, test, unique } from "./fixtures";
import { signUp } from "./users";

async function photo(color: string, name: string) {
  return { name, mimeType: "image/png", buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: color } }).png().toBuffer() };
}

test.describe("posts", () => {
  test("a school-verified user posts text, a category and two photos; it leads the feed and has its page", async ({ page, javaScriptEnabled }) => {
    await signUp(page);
    const text = `Mini fridge ${unique()}`;
    await page.goto("/create/post?goBack=/home");
    await page.getByLabel("Post text").fill(`${text}\nPick up at Couch.`);
    await page.getByLabel("Category").selectOption({ label: "Household" });
    await page.getByLabel(/Photos and videos/).setInputFiles([await photo("#e33", "front.png"), await photo("#33e", "back.png")]);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("alert")).toContainText("Your post was sent.");
    const first = page.getByTestId("post-card").first();
    await expect(first).toContainText(text);
    await expect(first).toContainText("Household");
    const images = first.locator(".gallery img");
    await expect(images).toHaveCount(2);
    await expect(images.first()).toHaveAttribute("src", /\.webp$/);
    await expect(images.first()).toHaveAttribute("loading", "lazy");
    await expect(images.first()).toHaveAttribute("width", "900");
    // The alert's View link opens the post (its page has the same post).
    await page.goto("/home");
    await first.getByRole("link", { name: text.split("\n")[0]! }).click();
    await expect(page).toHaveURL(/\/post\/[\w-]+$/);
    await expect(page.locator("header h1")).toHaveText("Tess's post");
    await expect(page.getByTestId("post-card")).toContainText(text);
    void javaScriptEnabled;
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

  test("a visitor's Save and Comment open the sign-up prompt", async ({ page }) => {
    await page.goto("/home");
    const card = page.getByTestId("post-card").first();
    await card.getByRole("link", { name: /Save/ }).click();
    await expect(page).toHaveURL(/signup=like/);
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.goto("/home");
    await page.getByTestId("post-card").first().getByRole("link", { name: /Comment/ }).click();
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
    await expect(page.getByTestId("post-card").first()).toContainText(text);
    await page.goto(campusUrl(baseURL, "localhost", "/home"));
    await expect(page.getByText(text)).toHaveCount(0);
  });
});
