// Saved items, price drops and link previews, as two people use them: a seller
// posts a listing with a photo (its page carries link-preview tags whose image
// answers as an image), a buyer saves it and finds it on Saved from the
// navigation; the seller cuts the price by 10% and the buyer is told; the seller
// marks it sold and Saved says so. A visitor is sent to log in.
import sharp from "sharp";
import { expect, test, unique } from "./fixtures";
import { signUp } from "./users";

test("save → Saved page; a 10% price cut notifies the saver; sold shows on Saved; the post page has its link preview", async ({ page, browser, baseURL, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  await signUp(page, { first: "Sally", last: "Seller" });
  const title = `Walnut desk ${unique()}`;
  await page.goto("/create/post?goBack=/home");
  await page.getByLabel("Post text").fill(`${title}\nBarely used, pickup by the union`);
  await page.getByLabel("Price", { exact: true }).fill("60");
  await page.getByLabel("Condition").selectOption({ label: "Like new" });
  const png = await sharp({ create: { width: 1300, height: 800, channels: 3, background: "#a63" } }).png().toBuffer();
  await page.getByLabel(/Photos and videos/).setInputFiles([{ name: "desk.png", mimeType: "image/png", buffer: png }]);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByTestId("alert")).toContainText("Your post was sent.");
  await page.goto("/home");
  const href = await page.getByTestId("post-card").filter({ hasText: title }).first().locator("a.post-card__body").getAttribute("href");
  const id = href!.split("/").pop()!;

  // The post page's link preview: server-rendered, so the same with or without JS.
  await page.goto(`/post/${id}`);
  const meta = (key: string) => page.locator(`head meta[property="${key}"], head meta[name="${key}"]`).getAttribute("content");
  expect(await meta("og:title")).toBe(title);
  expect(await meta("og:description")).toBe("$60 · Like new · OU BuySell");
  expect(await meta("og:site_name")).toBe("OU BuySell");
  expect(await meta("twitter:card")).toBe("summary_large_image");
  const ogUrl = (await meta("og:url"))!;
  expect(new URL(ogUrl).pathname).toBe(`/post/${id}`);
  const ogImage = (await meta("og:image"))!;
  expect(new URL(ogImage).origin).toBe(new URL(ogUrl).origin);
  expect(ogImage).toMatch(new RegExp(`/media/posts/${id}/.+-1300\\.webp$`));
  // The image answers as an image (in a page of its own: the campus host resolves in the browser).
  const imagePage = await page.context().newPage();
  const image = await imagePage.goto(ogImage);
  expect(image?.status()).toBe(200);
  expect(image?.headers()["content-type"]).toMatch(/^image\//);
  await imagePage.close();

  // A buyer saves it and finds it on Saved, from the navigation.
  const buyerContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const buyer = await buyerContext.newPage();
  await signUp(buyer, { first: "Bob", last: "Buyer" });
  await buyer.goto(`/post/${id}`);
  await buyer.getByTestId("post-card").getByRole("button", { name: /Save/ }).click();
  await expect(buyer.getByTestId("alert")).toContainText("Post saved.");
  await buyer.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Saved" }).click();
  await expect(buyer).toHaveURL(/\/saved$/);
  await expect(buyer).toHaveTitle("Saved | OU BuySell");
  await expect(buyer.locator(".top-bar__title")).toHaveText("Saved");
  const saved = buyer.getByTestId("saved-item").filter({ hasText: title });
  await expect(saved.getByTestId("price")).toHaveText("$60");
  await expect(saved.locator("img")).toHaveAttribute("src", new RegExp(`/media/posts/${id}/`));

  // The seller cuts the price by exactly 10%: the buyer is told, with a link to the post.
  await page.goto(`/post/${id}/edit`);
  await page.getByLabel("Price", { exact: true }).fill("54");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("alert")).toContainText("Your post was updated.");
  await buyer.goto("/notifications");
  const drop = buyer.getByRole("link", { name: `Price drop: ${title} is now $54 (was $60)` });
  await expect(drop).toBeVisible();
  await drop.click();
  await expect(buyer).toHaveURL(new RegExp(`/post/${id}$`));

  // Sold: Saved says so.
  await page.goto(`/post/${id}`);
  await page.getByRole("button", { name: "Mark as sold" }).click();
  await page.getByRole("alertdialog", { name: "Mark as sold?" }).getByRole("button", { name: "Mark as sold" }).click();
  await expect(page.getByTestId("alert")).toContainText("Marked as sold.");
  await buyer.goto("/saved");
  await expect(buyer.getByTestId("saved-item").filter({ hasText: title })).toContainText("Sold");
  await buyerContext.close();

  // A visitor is sent to log in.
  const visitorContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/saved");
  await expect(visitor).toHaveURL(/\/login/);
  await visitorContext.close();
});
