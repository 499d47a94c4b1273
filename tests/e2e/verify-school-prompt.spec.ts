// docs/product.md §4: commenting and saving need school verification as posting does. A
// signed-in user who is not a student of this campus gets the verify-school
// prompt instead of the comment box and Save (with and without JS), and a
// student of one school gets it on another school's site.
import { campusUrl, expect, test, unique } from "./fixtures";
import { logIn, signUp } from "./users";

test("a signed-in user without a school email gets the verify-school prompt for comment and save", async ({ page, browser, baseURL, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  // A student posts something to look at.
  const studentContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const studentPage = await studentContext.newPage();
  await signUp(studentPage, { first: "Stella", last: "Student" });
  const title = `Table lamp ${unique()}`;
  await studentPage.goto("/create/post");
  await studentPage.getByLabel("Post text").fill(title);
  await studentPage.getByRole("button", { name: "Post", exact: true }).click();
  const mine = studentPage.getByTestId("post-card").filter({ hasText: title });
  await mine.getByRole("link", { name: title }).click();
  await expect(studentPage).toHaveURL(/\/post\/[\w-]+$/);
  const postPath = new URL(studentPage.url()).pathname;
  await studentContext.close();

  await signUp(page, { domain: "example.com", first: "Omar", last: "Outsider" });
  await page.goto(postPath);
  const card = page.getByTestId("post-card").filter({ hasText: title });

  // Save: the prompt, not a save.
  await expect(card.getByRole("button", { name: /Save/ })).toHaveCount(0);
  await card.getByRole("link", { name: /Save/ }).click();
  const dialog = page.getByRole("dialog", { name: "Verify your school email" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\?verify=school$/);
  await expect(dialog.getByRole("link", { name: "Add school email" })).toHaveAttribute("href", "/add-code");
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${postPath}$`));
  await expect(card.getByRole("link", { name: /Save/ })).toContainText("0");

  // Comment: the box is a link to the same prompt; so is the Comment action.
  await expect(page.getByPlaceholder("Write a comment...")).toHaveCount(0);
  await page.getByRole("link", { name: "Write a comment..." }).click();
  await expect(page.getByRole("dialog", { name: "Verify your school email" })).toBeVisible();
  await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
  await card.getByRole("link", { name: /Comment/ }).click();
  await expect(page.getByRole("dialog", { name: "Verify your school email" })).toBeVisible();

  // The composer route says the same.
  await page.goto(`/create/comment/${postPath.split("/").pop()}?type=post`);
  await expect(page.getByRole("heading", { name: "Verify your school email" })).toBeVisible();
  await expect(page.getByLabel("Comment text")).toHaveCount(0);
});

test("a student of OU gets the prompt on the UT site", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const student = await signUp(page, { first: "Olive", last: "Sooner" });
  // Each site has its own session cookie: sign in on UT with the same account.
  const ut = new URL(campusUrl(baseURL, "utbuysell.localhost")).origin;
  await logIn(page, student, ut);
  await page.goto(`${ut}/create/post`);
  await expect(page.getByRole("heading", { name: "Verify your school email" })).toBeVisible();
  await expect(page.getByLabel("Post text")).toHaveCount(0);
  // Back home on OU, the composer is there.
  await page.goto("/create/post");
  await expect(page.getByLabel("Post text")).toBeVisible();
});
