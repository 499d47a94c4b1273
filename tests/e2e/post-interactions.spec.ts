import { expect, test, unique } from "./fixtures";
import { postListing, signUp } from "./users";

test("save, comment, reply, nested thread, notification emails, and both deletes with their confirmations", async ({ page, browser, baseURL, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  // The seller posts.
  const seller = await signUp(page, { first: "Sally", last: "Seller" });
  const title = `Road bike ${unique()}`;
  await page.goto("/create/post");
  await page.getByLabel("Post text").fill(title);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  // Other tests post to this campus at the same time: find ours by its text.
  const mine = page.getByTestId("post-card").filter({ hasText: title });
  await expect(mine).toBeVisible();
  await mine.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(/\/post\/[\w-]+$/);
  const postUrl = page.url();

  // A buyer, in a browser of their own, saves it and comments.
  const buyerContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const buyerPage = await buyerContext.newPage();
  const buyer = await signUp(buyerPage, { first: "Bob", last: "Buyer" });
  await buyerPage.goto(postUrl);
  const card = buyerPage.getByTestId("post-card");
  await card.getByRole("button", { name: /Save/ }).click();
  await expect(card.getByRole("button", { name: /Saved!/ })).toContainText("1");
  await expect(buyerPage.getByTestId("alert")).toContainText("Post saved.");
  await buyerPage.getByPlaceholder("Write a comment...").fill("Is it still available?");
  await buyerPage.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(buyerPage.getByTestId("alert")).toContainText("Your reply was sent");
  const comment = buyerPage.getByTestId("comment").filter({ hasText: "Is it still available?" });
  await expect(comment).toBeVisible();

  // The seller replies to the comment; the reply sits under it.
  await page.goto(postUrl);
  await page.getByTestId("comment").filter({ hasText: "Is it still available?" }).getByRole("link", { name: "Reply" }).click();
  await expect(page).toHaveURL(/\/create\/comment\//);
  await page.getByLabel("Comment text").fill("Yes! $120 or best offer.");
  await page.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${new URL(postUrl).pathname}`));
  const nested = page.getByTestId("comment").filter({ hasText: "Is it still available?" }).getByTestId("comment");
  await expect(nested).toContainText("Yes! $120 or best offer.");

  // Each was told by email, with a link to the item.
  await page.goto(`/dev/mail?to=${encodeURIComponent(seller.email)}`);
  await expect(page.getByTestId("mail").filter({ hasText: "Bob B. commented on your post" }).first()).toBeVisible();
  await expect(page.getByTestId("mail").filter({ hasText: "Bob B. saved your post" }).first()).toBeVisible();
  await page.goto(`/dev/mail?to=${encodeURIComponent(buyer.email)}`);
  const replyMail = page.getByTestId("mail").filter({ hasText: "Sally S. replied to your comment" }).first();
  await expect(replyMail.getByRole("link", { name: "See it on Campus BuySell" })).toHaveAttribute("href", /\/post\//);

  // The buyer deletes their comment: confirmation, then it and the reply below it are gone.
  await buyerPage.goto(postUrl);
  await buyerPage.getByTestId("comment").filter({ hasText: "Is it still available?" }).getByRole("link", { name: "Delete" }).first().click();
  await expect(buyerPage.getByRole("dialog", { name: "Delete Comment?" })).toContainText("This can't be undone and will be removed from this post.");
  await buyerPage.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(buyerPage.getByTestId("alert")).toContainText("Comment Removed");
  await expect(buyerPage.getByTestId("comment")).toHaveCount(0);
  await buyerContext.close();

  // The seller deletes the post.
  await page.goto(postUrl);
  await page.getByTestId("post-card").getByRole("link", { name: "Delete" }).click();
  await expect(page.getByRole("dialog", { name: "Delete Post?" })).toContainText(
    "This can't be undone and it will be removed from your profile, the main feed, and from any search results.",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId("alert")).toContainText("Your post was deleted");
  await expect(page.getByText(title)).toHaveCount(0);
  const gone = await page.goto(postUrl);
  expect(gone?.status()).toBe(410);
  await expect(page.getByText("Sorry, that post has been deleted.")).toBeVisible();
});

test("others cannot delete a post they did not write: 403 for a stranger, log in for a visitor", async ({ page, browser, baseURL, request }) => {
  await signUp(page);
  const text = `Mine ${unique()}`;
  await page.goto("/create/post");
  await page.getByLabel("Post text").fill(text);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  const href = await page.getByTestId("post-card").filter({ hasText: text }).locator(".post-card__body").getAttribute("href");
  const visitor = await request.post(href!, { form: { intent: "delete" }, maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  expect(visitor.headers()["location"]).toMatch(/^\/login/);
  const strangerContext = await browser.newContext({ baseURL });
  await signUp(await strangerContext.newPage());
  const stranger = await strangerContext.request.post(href!, { form: { intent: "delete" }, maxRedirects: 0 });
  expect(stranger.status()).toBe(403);
  await strangerContext.close();
  await page.goto(href!);
  await expect(page.getByTestId("post-card")).toContainText(text);
});

test("share shows the link to copy; with JS Copy link says Copied!", async ({ page, javaScriptEnabled, context }) => {
  // Its own post: another test may delete the feed's first one at any moment.
  await signUp(page);
  const text = `Desk lamp to pass on ${unique()}`;
  await postListing(page, text);
  const card = page.getByTestId("post-card").filter({ hasText: text });
  await card.getByRole("link", { name: "Share", exact: true }).click();
  const link = page.getByLabel("Link to share");
  await expect(link).toHaveValue(/\/post\/[\w-]+\?redirect=true$/);
  if (javaScriptEnabled) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    await expect(page.getByText("Copied to clipboard")).toBeVisible({ timeout: 3000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\?redirect=true$/);
  } else {
    await expect(page.getByRole("button", { name: "Copy link" })).toBeHidden();
  }
});
