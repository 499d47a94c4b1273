// Blocking is a wall both ways: with and without JavaScript, a comment sent
// after the author blocked you is refused with the reason and your draft
// back, and the author's post is no longer there for you.
import { expect, test, unique } from "./fixtures";
import { postListing, signUp } from "./users";


test("a comment sent after the author blocked you is refused with the reason and the draft back", async ({ page, browser, javaScriptEnabled }) => {
  test.slow();
  await signUp(page, { first: "Wanda" });
  const text = `Standing desk ${unique("b")}`;
  const postId = await postListing(page, text);

  // B opens the post and starts writing a comment.
  const otherContext = await browser.newContext({ javaScriptEnabled });
  const other = await otherContext.newPage();
  await signUp(other, { first: "Brock" });
  const profileHref = await other.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Profile" }).getAttribute("href");
  await other.goto(`/post/${postId}`);
  const draft = "Would you take 30 for it?";
  await other.getByPlaceholder("Write a comment...").fill(draft);

  // Meanwhile the author blocks B on B's profile.
  await page.goto(profileHref!);
  await page.getByRole("button", { name: "Block" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Block" }).click();
  await expect(page.getByTestId("alert")).toContainText("User blocked.");

  // B sends the comment: refused with the reason, the draft still in the box.
  await other.getByRole("button", { name: "Reply" }).click();
  await expect(other.getByText("You can't interact with this person.")).toBeVisible();
  await expect(other.getByPlaceholder("Write a comment...")).toHaveValue(draft);
  // The post is no longer there for B; the author's page shows no comment.
  const response = await other.goto(`/post/${postId}`);
  expect(response?.status()).toBe(404);
  await page.goto(`/post/${postId}`);
  await expect(page.getByText(draft)).toHaveCount(0);
  await otherContext.close();
});
