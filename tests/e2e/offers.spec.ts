// Offers in the conversation and "Who bought it?" (docs/product.md §7, §10),
// with and without JavaScript: the buyer offers, the seller counters, the
// buyer accepts (the listing Pending), and the seller marks it sold to them.
import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../app/services/db.server";
import { expect, expectAccessible, openTestDb, test, unique } from "./fixtures";
import { signUp } from "./users";

/** Posts an OBO listing at `price` through the composer; returns its id. */
async function postOboListing(page: Page, text: string, price: string): Promise<string> {
  await page.goto("/create/post?goBack=/home");
  await page.getByLabel("Post text").fill(text);
  await page.getByLabel("Price", { exact: true }).fill(price);
  await page.getByLabel("OBO").check();
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByTestId("alert")).toContainText("Your post was sent.");
  await page.goto("/home");
  const href = await page.getByTestId("post-card").filter({ hasText: text }).first().locator("a.post-card__body").getAttribute("href");
  return href!.split("/").pop()!;
}

test("offer → counter → accept → Pending, then sold to that buyer", async ({ page, browser, javaScriptEnabled }) => {
  test.slow();
  await signUp(page, { first: "Sela" });
  const text = `Road bike ${unique()}`;
  const postId = await postOboListing(page, text, "60");

  const buyerContext = await browser.newContext({ javaScriptEnabled });
  const buyerPage = await buyerContext.newPage();
  await signUp(buyerPage, { first: "Bram" });
  await buyerPage.goto(`/post/${postId}`);
  await buyerPage.getByRole("button", { name: "Message seller" }).click();
  await expect(buyerPage).toHaveURL(/\/messages\/[\w-]+$/);
  const conversationUrl = buyerPage.url().split("#")[0]!;
  await buyerPage.getByRole("textbox", { name: "Message" }).fill("Would you take less?");
  await buyerPage.getByRole("button", { name: "Send" }).click();
  await expect(buyerPage.getByTestId("message").filter({ hasText: "Would you take less?" })).toBeVisible();

  // The buyer offers: a refused amount first, then $45.
  await buyerPage.getByRole("link", { name: "Make an offer" }).click();
  const offer = buyerPage.getByLabel("Your offer");
  await offer.fill("75");
  await buyerPage.getByRole("button", { name: "Send offer" }).click();
  await expect(buyerPage.getByText("Offer must be between $1 and the asking price.")).toBeVisible();
  if (javaScriptEnabled) await expectAccessible(buyerPage);
  await buyerPage.getByLabel("Your offer").fill("$45");
  await buyerPage.getByRole("button", { name: "Send offer" }).click();
  await expect(buyerPage.getByTestId("alert")).toContainText("Offer sent.");
  await expect(buyerPage.getByTestId("message").filter({ hasText: "Offer: $45" })).toContainText("Bram");
  // The seller's Accept is not the buyer's.
  await expect(buyerPage.getByRole("button", { name: "Accept" })).toHaveCount(0);

  // The seller sees it, and counters.
  await page.goto(conversationUrl);
  await expect(page.getByTestId("offer-state")).toContainText("Offer: $45");
  await expect(page.getByRole("button", { name: "Accept" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Decline" })).toBeVisible();
  await page.getByRole("link", { name: "Counter" }).click();
  await page.getByLabel("Your counteroffer").fill("52");
  if (javaScriptEnabled) await expectAccessible(page);
  await page.getByRole("button", { name: "Send counteroffer" }).click();
  await expect(page.getByTestId("message").filter({ hasText: "Counteroffer: $52" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept" })).toHaveCount(0);

  // The buyer accepts the counteroffer: the listing is Pending.
  await buyerPage.goto(conversationUrl);
  await expect(buyerPage.getByTestId("offer-state")).toContainText("Counteroffer: $52");
  await buyerPage.getByRole("button", { name: "Accept" }).click();
  await expect(buyerPage.getByTestId("alert")).toContainText("Offer accepted.");
  await expect(buyerPage.getByTestId("conversation-item")).toContainText("Pending");
  await expect(buyerPage.getByTestId("offer-state")).toContainText("Offer accepted: $52");

  // The seller marks it sold: the buyer is preselected as who bought it.
  await page.goto(`/post/${postId}`);
  await page.getByRole("button", { name: "Mark as sold" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Mark as sold?" });
  const who = dialog.getByRole("group", { name: "Who bought it?" });
  await expect(who.getByRole("radio", { name: /Bram/ })).toBeChecked();
  await expect(who.getByRole("radio", { name: "Someone else" })).not.toBeChecked();
  if (javaScriptEnabled) await expectAccessible(page);
  await dialog.getByRole("button", { name: "Mark as sold" }).click();
  await expect(page.getByTestId("alert")).toContainText("Marked as sold.");
  await expect(page.getByTestId("post-card")).toContainText("Sold");

  // The sale is recorded at the accepted price.
  const { db, close } = openTestDb();
  try {
    const sales = await db.select().from(schema.sales).where(eq(schema.sales.postId, postId));
    expect(sales).toHaveLength(1);
    expect(sales[0]!.priceCents).toBe(5200);
    const accepted = await db.select().from(schema.offers).where(and(eq(schema.offers.postId, postId), eq(schema.offers.status, "accepted")));
    expect(accepted[0]?.buyerId).toBe(sales[0]!.buyerId);
  } finally {
    await close();
  }
  await buyerContext.close();
});

test("a Firm listing says the price is firm instead of the offer controls", async ({ page, browser, javaScriptEnabled }) => {
  await signUp(page, { first: "Fern" });
  const text = `Firm desk ${unique()}`;
  await page.goto("/create/post?goBack=/home");
  await page.getByLabel("Post text").fill(text);
  await page.getByLabel("Price", { exact: true }).fill("30");
  await page.getByLabel("Firm").check();
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByTestId("alert")).toContainText("Your post was sent.");
  await page.goto("/home");
  const href = await page.getByTestId("post-card").filter({ hasText: text }).first().locator("a.post-card__body").getAttribute("href");
  const buyerContext = await browser.newContext({ javaScriptEnabled });
  const buyerPage = await buyerContext.newPage();
  await signUp(buyerPage, { first: "Finn" });
  await buyerPage.goto(href!);
  await buyerPage.getByRole("button", { name: "Message seller" }).click();
  await expect(buyerPage.getByText("The price is firm.")).toBeVisible();
  await expect(buyerPage.getByRole("link", { name: "Make an offer" })).toHaveCount(0);
  await buyerContext.close();
});
