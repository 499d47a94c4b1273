// /search: posts by a word of their text and people by name, of this campus only.
import { newIdForTest } from "./ids";
import { expect, expectAccessible, openTestDb, test } from "./fixtures";
import { signUp } from "./users";
import * as schema from "../../db/schema";

/** A unique word of letters only (names allow nothing else), short enough for a first name. */
function word(prefix: string): string {
  return prefix + Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => String.fromCharCode(97 + (b % 26))).join("");
}

test("finds a post by a word of its text and a person by name, not another campus's posts", async ({ page, javaScriptEnabled }) => {
  const first = word("Q");
  await signUp(page, { first });
  const needle = word("zebra");
  await page.goto("/create/post");
  await page.getByLabel("Post text").fill(`Striped rug ${needle} for sale`);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);

  // The same word on UT's campus.
  const { db, close } = openTestDb();
  const [author] = await db.select().from(schema.users).limit(1);
  await db.insert(schema.posts).values({ id: newIdForTest(), campusId: "ut", authorId: author!.id, text: [{ text: `UT rug ${needle}` }] });
  await close();

  await page.goto("/search");
  await expect(page.locator("header h1")).toHaveText("Search");
  await page.getByLabel("Search posts and people").fill(needle);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${needle}`));
  const cards = page.getByTestId("post-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`Striped rug ${needle} for sale`);
  await expect(page.getByText(`UT rug ${needle}`)).toHaveCount(0);
  if (javaScriptEnabled) await expectAccessible(page);

  await page.getByRole("link", { name: "People" }).click();
  await expect(page).toHaveURL(/tab=people/);
  await page.getByLabel("Search posts and people").fill(first);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/tab=people/);
  await expect(page.getByTestId("person")).toHaveCount(1);
  await expect(page.getByTestId("person")).toContainText(`${first} T.`);

  await page.getByLabel("Search posts and people").fill(word("nothing"));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(/No people match/)).toBeVisible();
});

test("a visitor who searches gets the sign-up prompt, and comes back to the query", async ({ page }) => {
  await page.goto("/search");
  await page.getByLabel("Search posts and people").fill("bike");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=bike&signup=search/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Sign up to search" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login?redirect=%2Fsearch%3Fq%3Dbike");
  await expect(page.getByTestId("post-card")).toHaveCount(0);
});

test("the Search button of a missing post leads to /search", async ({ page }) => {
  await page.goto("/post/no-such-post");
  await page.getByRole("main").getByRole("link", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByLabel("Search posts and people")).toBeVisible();
});
