// Two-way reviews and the seller card (docs/product.md §24), with and without
// JavaScript: a buyer talks to the seller about a listing, the seller marks
// it sold, both review each other through the app (the first review hidden
// until the second), both reviews on the profiles with the average, "1 sold"
// on the seller card, and a stranger gets no review form. The sale itself is
// recorded through the model on the server's database: no screen records a
// buyer yet.
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { recordSale } from "../../app/models/sales.server";
import { schema } from "../../app/services/db.server";
import { expect, expectAccessible, openTestDb, test, unique } from "./fixtures";
import { postListing, signUp } from "./users";

async function userId(email: string): Promise<string> {
  const { db, close } = openTestDb();
  try {
    const [row] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)).limit(1);
    if (!row) throw new Error(`No user ${email}`);
    return row.id;
  } finally {
    await close();
  }
}

async function usernameOf(page: Page): Promise<string> {
  await page.goto("/settings/account");
  const text = await page.locator("small").filter({ hasText: /^@/ }).first().textContent();
  return text!.replace(/^@/, "").trim();
}

async function leaveReview(page: Page, conversationUrl: string, stars: string, text: string) {
  await page.goto(conversationUrl);
  await page.getByRole("link", { name: "Leave a review" }).click();
  await expect(page).toHaveURL(/\/sales\/[\w-]+\/review$/);
  await page.getByRole("radio", { name: stars, exact: true }).check();
  await page.getByLabel("Your review (optional)").fill(text);
  await page.getByRole("button", { name: "Post review" }).click();
  await expect(page.getByTestId("alert")).toContainText("Review posted.");
}

test("buyer and seller review each other after a sale; the first is hidden until the second; profiles, seller card, a stranger", async ({ page, browser, javaScriptEnabled }) => {
  test.slow();
  // The seller lists a bike; the buyer writes about it from the post.
  const seller = await signUp(page, { first: "Sela" });
  const sellerName = await usernameOf(page);
  const title = `Road bike, 54 cm ${unique()}`;
  const postId = await postListing(page, title, "120");

  const buyerContext = await browser.newContext({ javaScriptEnabled });
  const buyerPage = await buyerContext.newPage();
  const buyer = await signUp(buyerPage, { first: "Bram" });
  const buyerName = await usernameOf(buyerPage);
  await buyerPage.goto(`/post/${postId}`);
  await expect(buyerPage.getByTestId("seller-card")).toContainText("0 sold");
  await expect(buyerPage.getByTestId("seller-card")).toContainText("New seller");
  await buyerPage.getByRole("button", { name: "Message seller" }).click();
  await expect(buyerPage).toHaveURL(/\/messages\/[\w-]+$/);
  const conversationUrl = buyerPage.url().split("#")[0]!;
  await buyerPage.getByRole("textbox", { name: "Message" }).fill("Is the bike still available?");
  await buyerPage.getByRole("button", { name: "Send" }).click();
  await expect(buyerPage.getByTestId("message").filter({ hasText: "Is the bike still available?" })).toBeVisible();
  // No sale yet: nothing to review.
  await expect(buyerPage.getByRole("link", { name: "Leave a review" })).toHaveCount(0);

  // The seller marks it sold in the app, and the sale to the buyer is recorded.
  await page.goto(`/post/${postId}`);
  await page.getByRole("button", { name: "Mark as sold" }).click();
  await page.getByRole("alertdialog", { name: "Mark as sold?" }).getByRole("button", { name: "Mark as sold" }).click();
  await expect(page.getByTestId("alert")).toContainText("Marked as sold.");
  const { db, close } = openTestDb();
  try {
    await recordSale({ postId, sellerId: await userId(seller.email), buyerId: await userId(buyer.email), priceCents: 12000 }, db);
  } finally {
    await close();
  }

  // The buyer is asked how it went, and reviews first: hidden until the seller reviews too.
  await buyerPage.goto("/notifications");
  await expect(buyerPage.getByTestId("notification").filter({ hasText: "How did it go with Sela?" })).toBeVisible();
  await leaveReview(buyerPage, conversationUrl, "5 stars", "Bike exactly as described, friendly handover.");
  await expect(buyerPage.getByTestId("my-review")).toContainText("Your review will be shown when Sela reviews you too, or after 14 days.");
  if (javaScriptEnabled) await expectAccessible(buyerPage);
  await buyerPage.goto(`/${sellerName}?show=reviews`);
  await expect(buyerPage.getByText("No reviews yet")).toBeVisible();
  await expect(buyerPage.locator(".profile__rating")).toHaveText("New seller");

  // The seller reviews back from the invitation; both are shown at once.
  await page.goto("/notifications");
  await page.getByTestId("notification").filter({ hasText: "How did it go with Bram?" }).getByRole("link").click();
  await expect(page).toHaveURL(conversationUrl);
  await leaveReview(page, conversationUrl, "4 stars", "Paid cash on time.");
  await expect(page.getByTestId("their-review")).toContainText("Bike exactly as described");
  await expect(page.getByTestId("their-review").getByRole("img", { name: "5 stars" })).toBeVisible();

  // Both on the profiles, with the average.
  await buyerPage.goto(`/${sellerName}?show=reviews`);
  await expect(buyerPage.locator(".profile__rating")).toHaveText("5.0 · 1 review");
  const onSeller = buyerPage.getByTestId("review");
  await expect(onSeller).toHaveCount(1);
  await expect(onSeller).toContainText(`Bought ${title}`);
  await expect(onSeller).toContainText("Bike exactly as described, friendly handover.");
  await expect(onSeller.getByRole("img", { name: "5 stars" })).toBeVisible();
  await expect(onSeller.getByRole("link", { name: /^Bram/ })).toHaveAttribute("href", `/${buyerName}`);
  if (javaScriptEnabled) await expectAccessible(buyerPage);
  await page.goto(`/${buyerName}?show=reviews`);
  await expect(page.locator(".profile__rating")).toHaveText("4.0 · 1 review");
  await expect(page.getByTestId("review")).toContainText("Sold to them");
  await expect(page.getByTestId("review")).toContainText("Paid cash on time.");

  // The seller card on the listing: one sale, the rating linked to the Reviews tab.
  await buyerPage.goto(`/post/${postId}`);
  const card = buyerPage.getByTestId("seller-card");
  await expect(card).toContainText("1 sold");
  await expect(card.getByRole("link", { name: "5.0 · 1 review" })).toHaveAttribute("href", `/${sellerName}?show=reviews`);
  await expect(card.getByRole("link", { name: /Sela/ }).first()).toHaveAttribute("href", `/${sellerName}`);

  // A stranger gets no review form: the review screen is not there for them.
  await page.goto(conversationUrl);
  const reviewHref = await page.getByRole("link", { name: "Leave a review" }).getAttribute("href");
  expect(reviewHref).toMatch(/^\/sales\/[\w-]+\/review$/);
  const strangerContext = await browser.newContext({ javaScriptEnabled });
  const strangerPage = await strangerContext.newPage();
  await signUp(strangerPage, { first: "Cato" });
  const response = await strangerPage.goto(reviewHref!);
  expect(response?.status()).toBe(404);
  await expect(strangerPage.getByRole("button", { name: "Post review" })).toHaveCount(0);
  await strangerPage.goto(`/post/${postId}`);
  await expect(strangerPage.getByRole("link", { name: "Leave a review" })).toHaveCount(0);
  await strangerContext.close();
  await buyerContext.close();
});
