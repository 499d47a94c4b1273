// Alt text (docs/product.md §17), with and without JS: a description typed in the
// composer is the photo's alt on the post page and the feed; a photo without
// one gets "Photo 2 of 2 from Tess's post"; the edit page changes it; with JS
// a photo without a description has the reminder under it.
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test, unique } from "./fixtures";
import { signUp } from "./users";

const LABEL = "Describe this photo (alt text)";
const REMINDER = "Add a description to help people using screen readers";

async function photo(color: string, name: string) {
  return { name, mimeType: "image/png", buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: color } }).png().toBuffer() };
}

/**
 * Chooses photos and describes them (a description of "" leaves that photo
 * without one). With JS: one picker, a description under each chosen photo.
 * Without JS: the photos one at a time, each with its description.
 */
async function addPhotos(page: Page, javaScriptEnabled: boolean, photos: { file: Awaited<ReturnType<typeof photo>>; description: string }[]) {
  if (javaScriptEnabled) {
    await page.getByLabel(/photos and videos/i).setInputFiles(photos.map((p) => p.file));
    const chosen = page.getByRole("list", { name: "Chosen files" }).getByRole("listitem");
    await expect(chosen).toHaveCount(photos.length);
    for (const [i, p] of photos.entries()) {
      // The gentle reminder under each photo until it has a description.
      await expect(chosen.nth(i).getByText(REMINDER)).toBeVisible();
      if (p.description) {
        await chosen.nth(i).getByLabel(LABEL).fill(p.description);
        await expect(chosen.nth(i).getByText(REMINDER)).toBeHidden();
      }
    }
    return;
  }
  // (Playwright's text search skips <noscript>, where these live; a browser without JS shows them as any other.)
  const slots = page.locator("details.photo-slots");
  await expect(slots.locator("summary")).toHaveText("Add photos one at a time, each with a description");
  await slots.locator("summary").click();
  for (const [i, p] of photos.entries()) {
    const slot = page.getByRole("group", { name: `Photo ${i + 1}`, exact: true });
    await slot.locator("input[type=file]").setInputFiles(p.file);
    if (p.description) await slot.getByLabel(LABEL).fill(p.description);
    // Without JS there is no reminder to see.
    await expect(slot.getByText(REMINDER)).toBeHidden();
  }
}

test("a described photo's alt is its description; one without gets its place and the author's first name; the edit page changes both", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  await signUp(page, { first: "Tess" });
  const text = `Reading lamp ${unique()}`;
  await page.goto("/create/post?goBack=/home");
  await page.getByLabel("Post text").fill(text);
  // Without JS the composer's fields are plain: no preview, no reminder.
  if (!javaScriptEnabled) await expect(page.getByRole("list", { name: "Chosen files" })).toHaveCount(0);
  await addPhotos(page, javaScriptEnabled, [
    { file: await photo("#e33", "front.png"), description: "Brass reading lamp, switched on" },
    { file: await photo("#33e", "base.png"), description: "" },
  ]);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByTestId("alert")).toContainText("Your post was sent.");

  // The feed's thumbnail is the first photo, with its description.
  const card = page.getByTestId("post-card").filter({ hasText: text });
  await expect(card.locator(".media-preview img")).toHaveAttribute("alt", "Brass reading lamp, switched on");
  await card.locator("a.post-card__body").click();
  await expect(page).toHaveURL(/\/post\/[\w-]+$/);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const photos = page.getByTestId("post-card").locator(".post-gallery img");
  await expect(photos).toHaveCount(2);
  await expect(photos.nth(0)).toHaveAttribute("alt", "Brass reading lamp, switched on");
  await expect(photos.nth(1)).toHaveAttribute("alt", "Photo 2 of 2 from Tess's post");
  // The author's avatar names them.
  await expect(page.getByTestId("post-card").getByRole("img", { name: "Tess T.'s profile photo" })).toBeVisible();

  // Edit: describe the second photo, clear the first's, and add a third with a description.
  await page.goto(`/post/${id}/edit`);
  const existing = page.getByTestId("existing-media");
  await expect(existing).toHaveCount(2);
  await expect(existing.nth(0).getByLabel(LABEL)).toHaveValue("Brass reading lamp, switched on");
  await expect(existing.nth(0).locator("img")).toHaveAttribute("alt", "Brass reading lamp, switched on");
  await expect(existing.nth(1).getByLabel(LABEL)).toHaveValue("");
  await expect(existing.nth(1).locator("img")).toHaveAttribute("alt", "Photo 2 of 2 from Tess's post");
  if (javaScriptEnabled) {
    await expect(existing.nth(0).getByText(REMINDER)).toBeHidden();
    await expect(existing.nth(1).getByText(REMINDER)).toBeVisible();
  } else {
    await expect(existing.nth(1).getByText(REMINDER)).toBeHidden();
  }
  await existing.nth(0).getByLabel(LABEL).fill("");
  if (javaScriptEnabled) await expect(existing.nth(0).getByText(REMINDER)).toBeVisible();
  await existing.nth(1).getByLabel(LABEL).fill("The lamp's marble base");
  await addPhotos(page, javaScriptEnabled, [{ file: await photo("#3a3", "shade.png"), description: "Green glass shade" }]);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${id}$`));
  await expect(page.getByTestId("alert")).toContainText("Your post was updated.");
  const after = page.getByTestId("post-card").locator(".post-gallery img");
  await expect(after).toHaveCount(3);
  await expect(after.nth(0)).toHaveAttribute("alt", "Photo 1 of 3 from Tess's post");
  await expect(after.nth(1)).toHaveAttribute("alt", "The lamp's marble base");
  await expect(after.nth(2)).toHaveAttribute("alt", "Green glass shade");
});

test("a description over 250 characters is refused with the message, keeping the draft", async ({ page, javaScriptEnabled }) => {
  await signUp(page);
  await page.goto("/create/post?goBack=/home");
  await page.getByLabel("Post text").fill("Desk chair");
  await addPhotos(page, javaScriptEnabled, [{ file: await photo("#777", "chair.png"), description: "" }]);
  const field = javaScriptEnabled ? page.getByRole("list", { name: "Chosen files" }).getByLabel(LABEL) : page.getByRole("group", { name: "Photo 1", exact: true }).getByLabel(LABEL);
  // The field stops at 250; a request that sends more still gets the server's message.
  await field.evaluate((input: HTMLInputElement) => {
    input.removeAttribute("maxlength");
    input.value = "x".repeat(251);
  });
  await page.getByRole("button", { name: "Post", exact: true }).click();
  const describedField = javaScriptEnabled ? page.getByRole("list", { name: "Chosen files" }) : page.getByRole("group", { name: "Photo 1", exact: true });
  await expect(describedField.getByText("A photo description can be at most 250 characters.")).toBeVisible();
  await expect(page.getByLabel("Post text")).toHaveValue("Desk chair");
  await expect(javaScriptEnabled ? field : page.getByRole("group", { name: "Photo 1", exact: true }).getByLabel(LABEL)).toHaveValue("x".repeat(251));
});
