// Private messages between buyer and seller, tied to the listing, and
// blocking (docs/product.md §10, §11): with and without JavaScript.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, unique } from "./fixtures";
import { postListing, signUp } from "./users";


async function send(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("message").filter({ hasText: text })).toBeVisible();
}

test("buyer and seller talk about a listing; a stranger gets 404; blocking and unblocking", async ({ page, browser, javaScriptEnabled }) => {
  test.slow();
  // A, the seller, posts a listing.
  const seller = await signUp(page, { first: "Sela" });
  const word = `zq${unique()}`;
  const text = `Walnut desk ${word}`;
  const postId = await postListing(page, text, "85");

  // B messages the seller from the post, in their own browser.
  const buyerContext = await browser.newContext({ javaScriptEnabled });
  const buyerPage = await buyerContext.newPage();
  await signUp(buyerPage, { first: "Bram" });
  await buyerPage.goto(`/post/${postId}`);
  await buyerPage.getByRole("button", { name: "Message seller" }).click();
  await expect(buyerPage).toHaveURL(/\/messages\/[\w-]+$/);
  const conversationUrl = buyerPage.url().split("#")[0]!;
  const item = buyerPage.getByTestId("conversation-item");
  await expect(item).toContainText(text);
  await expect(item).toContainText("$85");
  await expect(item).toHaveAttribute("href", `/post/${postId}`);
  await expect(buyerPage.getByRole("textbox", { name: "Message" })).toHaveAttribute("placeholder", "Say something . . .");
  // Three quick messages.
  await send(buyerPage, "Hi! Is the desk still available?");
  await send(buyerPage, "I could pick it up today.");
  await send(buyerPage, "Cash is fine?");
  // A second click reuses the conversation.
  await buyerPage.goto(`/post/${postId}`);
  await buyerPage.getByRole("button", { name: "Message seller" }).click();
  await expect(buyerPage).toHaveURL(conversationUrl);
  await expect(buyerPage.getByTestId("message")).toHaveCount(3);

  // A sees one unread conversation beside Messages, and replies.
  await page.goto("/home");
  const nav = page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: /^Messages/ });
  await expect(nav).toHaveAccessibleName("Messages, 1 unread");
  await nav.click();
  await expect(page).toHaveURL(/\/messages$/);
  const row = page.getByTestId("conversation").first();
  await expect(row).toContainText("Bram T.");
  await expect(row).toContainText("Cash is fine?");
  await expect(row).toContainText("New");
  if (javaScriptEnabled) await expectAccessible(page);
  await row.getByRole("link", { name: /Bram T\./ }).click();
  await expect(page).toHaveURL(conversationUrl);
  await expect(page.getByTestId("message")).toHaveCount(3);
  if (javaScriptEnabled) await expectAccessible(page);
  // B's conversation freshly opened and left alone: no key, touch or focus, so its message box still waits for its code.
  if (javaScriptEnabled) await buyerPage.goto(conversationUrl);
  await send(page, "Yes, still here. Come by at 5.");
  await expect(nav).toHaveAccessibleName("Messages");

  // B sees the reply: with JS without reloading, within 10 seconds.
  if (!javaScriptEnabled) await buyerPage.reload();
  await expect(buyerPage.getByTestId("message").filter({ hasText: "Yes, still here. Come by at 5." })).toBeVisible({ timeout: 10_000 });
  // The item header leads back to the post.
  await buyerPage.getByTestId("conversation-item").click();
  await expect(buyerPage).toHaveURL(new RegExp(`/post/${postId}$`));

  // One email for the three quick messages, linking to the conversation.
  await page.goto(`/dev/mail?to=${encodeURIComponent(seller.email)}`);
  const mails = page.getByTestId("mail").filter({ hasText: "Bram T. sent you a message" });
  await expect(mails).toHaveCount(1);
  await expect(mails.getByRole("link", { name: "See it on Campus BuySell" })).toHaveAttribute("href", conversationUrl);

  // A third person gets a 404 on the conversation's address.
  const strangerContext = await browser.newContext({ javaScriptEnabled });
  const strangerPage = await strangerContext.newPage();
  await signUp(strangerPage, { first: "Cato" });
  const response = await strangerPage.goto(conversationUrl);
  expect(response?.status()).toBe(404);
  await strangerContext.close();

  // A blocks B from the conversation (a confirmation first).
  await page.goto(conversationUrl);
  await page.getByRole("button", { name: "Block" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Block Bram T.?");
  await dialog.getByRole("button", { name: "Block" }).click();
  await expect(page.getByTestId("alert")).toContainText("User blocked.");
  await expect(page.getByText("You can't message this person.")).toBeVisible();
  await expect(page.getByTestId("message")).toHaveCount(4);

  // B can no longer send, and A's listing is gone from B's feed and search.
  await buyerPage.goto(conversationUrl);
  await expect(buyerPage.getByText("You can't message this person.")).toBeVisible();
  await expect(buyerPage.getByRole("textbox", { name: "Message" })).toHaveCount(0);
  await buyerPage.goto("/home");
  await expect(buyerPage.locator("header h1")).toHaveText("Home");
  await expect(buyerPage.getByTestId("post-card").filter({ hasText: text })).toHaveCount(0);
  await buyerPage.goto(`/search?q=${word}`);
  await expect(buyerPage.getByText(`No posts match “${word}”.`)).toBeVisible();

  // A unblocks B in /settings/blocked; the listing is back for B.
  await page.goto("/settings/blocked");
  await expect(page.getByTestId("blocked-person")).toContainText("Bram T.");
  await page.getByRole("button", { name: "Unblock Bram T." }).click();
  await expect(page.getByTestId("alert")).toContainText("User unblocked.");
  await expect(page.getByTestId("blocked-person")).toHaveCount(0);
  await buyerPage.goto(`/search?q=${word}`);
  await expect(buyerPage.getByTestId("post-tile").filter({ hasText: text })).toHaveCount(1); // search results open in Grid
  await buyerPage.goto(conversationUrl);
  await send(buyerPage, "Thanks!");
  await buyerContext.close();
});

test("the composer refuses an empty message and one too long, keeping the draft", async ({ page, browser, javaScriptEnabled }) => {
  await signUp(page, { first: "Sage" });
  const postId = await postListing(page, `Floor lamp ${unique()}`, "12");
  const buyerContext = await browser.newContext({ javaScriptEnabled });
  const buyer = await buyerContext.newPage();
  await signUp(buyer, { first: "Beck" });
  await buyer.goto(`/post/${postId}`);
  await buyer.getByRole("button", { name: "Message seller" }).click();
  await expect(buyer).toHaveURL(/\/messages\/[\w-]+$/);
  await buyer.getByRole("button", { name: "Send" }).click();
  await expect(buyer.getByText("Write a message first.")).toBeVisible();
  const long = "x".repeat(1001);
  await buyer.getByRole("textbox", { name: "Message" }).fill(long);
  await buyer.getByRole("button", { name: "Send" }).click();
  await expect(buyer.getByText("Error: Too many characters!")).toBeVisible();
  await expect(buyer.getByRole("textbox", { name: "Message" })).toHaveValue(long);
  await expect(buyer.getByTestId("message")).toHaveCount(0);
  await buyerContext.close();
});

test("Message seller: not on your own post; a visitor gets the sign-up prompt; /messages needs an account", async ({ page, browser, javaScriptEnabled }) => {
  await signUp(page, { first: "Owen" });
  const postId = await postListing(page, `Bookshelf ${unique()}`, "30");
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole("button", { name: "Message seller" })).toHaveCount(0);
  const visitorContext = await browser.newContext({ javaScriptEnabled });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/post/${postId}`);
  await visitor.getByRole("link", { name: "Message seller" }).click();
  await expect(visitor).toHaveURL(/signup=message/);
  await expect(visitor.getByRole("dialog").getByRole("heading", { name: "Sign up to send messages" })).toBeVisible();
  await visitor.goto("/messages");
  await expect(visitor).toHaveURL(/\/login\?redirect=%2Fmessages/);
  await visitorContext.close();
});
