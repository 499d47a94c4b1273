// Design A5: a user without a school email gets the verify-school prompt, adds
// one at /add-code with the code from the email, and can then post.
import { expect, expectAccessible, test, unique } from "./fixtures";
import { signUp } from "./users";

test("a user who signed up with a non-school address verifies a school email and posts", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  await signUp(page, { domain: "example.com" });
  await page.goto("/create/post");
  await expect(page.getByRole("heading", { name: "Verify your school email" })).toBeVisible();
  await page.getByRole("link", { name: "Add school email" }).click();
  await expect(page).toHaveURL(/\/add-code$/);
  if (javaScriptEnabled) await expectAccessible(page);

  // An address off the campus's domain is refused, and kept in the field.
  await page.getByRole("textbox", { name: "School email" }).fill("me@gmail.com");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Use your school email: an address ending in @ou.edu.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "School email" })).toHaveValue("me@gmail.com");

  const school = `${unique("s")}@ou.edu`;
  await page.getByRole("textbox", { name: "School email" }).fill(school);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/add-code\?email=/);
  await expect(page.getByTestId("alert")).toContainText("Email sent.");
  await expect(page.getByText(school)).toBeVisible();

  const here = page.url();
  await page.goto(`/dev/mail?to=${encodeURIComponent(school)}`);
  const code = (await page.getByTestId("mail").first().locator("[data-code]").innerText()).trim();
  expect(code).toMatch(/^\d{6}$/);
  await page.goto(here);

  await page.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right. Check the email and try again.")).toBeVisible();
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/create\/post$/);
  await expect(page.getByTestId("alert")).toContainText("Account Updated!");

  const text = `Verified at last ${unique()}`;
  await page.getByLabel("Post text").fill(text);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId("post-card").filter({ hasText: text })).toBeVisible();
});

test("schools: the list filters and links to each campus's site; choosing a campus leads to its school email", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  await page.goto("/search_schools");
  await expect(page.locator("header h1")).toHaveText("Schools");
  await expect(page.getByTestId("school")).toHaveCount(5);
  if (javaScriptEnabled) await expectAccessible(page);
  await page.getByLabel("Find your school").fill("texas");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search_schools\?q=texas/);
  await expect(page.getByTestId("school")).toHaveCount(1);
  const link = page.getByRole("link", { name: "UT BuySell" });
  await expect(link).toHaveAttribute("href", /^http:\/\/utbuysell\.localhost:\d+\/$/);

  // A visitor who tries to join a campus gets the sign-up prompt.
  await page.goto("/select-city");
  await page.getByRole("link", { name: "Join UT" }).click();
  await expect(page).toHaveURL(/signup=join-campus/);
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Sign up to join your campus" })).toBeVisible();

  await signUp(page, { domain: "example.com" });
  await page.goto("/select-city");
  if (javaScriptEnabled) await expectAccessible(page);
  await page.getByLabel(/^UT/).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/add-code$/);
  await expect(page.getByTestId("alert")).toContainText("Account Updated!");
  await expect(page.getByText("ending in @utexas.edu")).toBeVisible();
});
