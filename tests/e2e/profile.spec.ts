import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import * as schema from "../../db/schema";
import { expect, expectAccessible, openTestDb, test, unique } from "./fixtures";
import { signUp } from "./users";

async function png(color: string, name = "me.png") {
  return { name, mimeType: "image/png", buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: color } }).png().toBuffer() };
}
async function gif(color: string, name = "me.gif") {
  return { name, mimeType: "image/gif", buffer: await sharp({ create: { width: 300, height: 200, channels: 3, background: color } }).gif().toBuffer() };
}

/** The signed-in user's username, from the Profile link of the side navigation. */
async function myUsername(page: Page): Promise<string> {
  const href = await page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Profile" }).getAttribute("href");
  expect(href).toMatch(/^\/[a-z0-9-]+$/);
  return href!.slice(1);
}

const REPORTED = "User Reported. Thanks for letting us know.";

test.describe("profile set-up", () => {
  test("a new user's own profile shows Set up profile; set-up with a picture and a bio ends on the profile", async ({ page, javaScriptEnabled }) => {
    await signUp(page, { first: "Sadie", last: "Setup" });
    const username = await myUsername(page);
    await page.goto(`/${username}`);
    await expect(page.locator("header h1")).toHaveText("Sadie S.");
    await expect(page.getByRole("link", { name: "Edit Profile" })).toHaveCount(0);
    await expect(page.locator(".profile__card").getByRole("link", { name: "Report" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Send Message" })).toHaveCount(0);
    await page.getByRole("link", { name: "Set up profile" }).click();

    await expect(page.getByRole("heading", { name: "Pick a profile picture" })).toBeVisible();
    await page.getByLabel("Profile picture", { exact: true }).setInputFiles(await png("#3a7"));
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Describe yourself" })).toBeVisible();
    const bio = `Selling my old textbooks ${unique()}`;
    await page.getByLabel("Bio").fill(bio);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Your profile is updated" })).toBeVisible();
    await page.getByRole("link", { name: "See profile" }).click();

    await expect(page).toHaveURL(new RegExp(`/${username}$`));
    await expect(page.getByText(bio)).toBeVisible();
    await expect(page.getByRole("img", { name: "Sadie S.'s profile photo" })).toHaveAttribute("src", /^\/media\/avatars\/[\w-]+\/[\w-]+-400\.webp$/);
    await expect(page.getByRole("link", { name: "Edit Profile" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Set up profile" })).toHaveCount(0);
    // axe runs as a script in the page: the js project checks the same HTML.
    if (javaScriptEnabled) await expectAccessible(page);
  });

  test("set-up without a picture: Skip for now, a bio, and the profile counts as set up", async ({ page }) => {
    await signUp(page, { first: "Nora", last: "Nopic" });
    const username = await myUsername(page);
    await page.goto("/profile/set-up");
    await page.getByRole("link", { name: "Skip for now" }).click();
    await expect(page.getByRole("heading", { name: "Describe yourself" })).toBeVisible();
    await page.getByLabel("Bio").fill("Engineering, class of 2027.");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Your profile is updated" })).toBeVisible();
    await page.getByRole("link", { name: "See profile" }).click();
    await expect(page).toHaveURL(new RegExp(`/${username}$`));
    await expect(page.getByText("Engineering, class of 2027.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit Profile" })).toBeVisible();
    // No photo: the initial stands in for it.
    await expect(page.locator(".profile__head img")).toHaveCount(0);
    await expect(page.getByRole("img", { name: "Nora N.'s profile photo" })).toHaveText("N");
  });
});

test.describe("edit profile", () => {
  test("visitors are sent to log in", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
    await page.goto("/profile/edit");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Fedit$/);
  });

  test("edit name and bio in their modals; a 161-character bio is refused", async ({ page, javaScriptEnabled }) => {
    await signUp(page, { first: "Edith", last: "Editor" });
    const username = await myUsername(page);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/profile\/edit$/);
    await expect(page.locator("header h1")).toHaveText("Edit Profile");

    await page.getByRole("link", { name: "Edit name" }).click();
    const nameDialog = page.getByRole("dialog", { name: "Edit name" });
    await expect(nameDialog).toBeVisible();
    await expect(nameDialog.getByLabel("First name")).toHaveValue("Edith");
    await nameDialog.getByLabel("First name").fill("marisol");
    await nameDialog.getByLabel("Last name").fill("Quintero");
    await nameDialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("alert")).toContainText("Profile Updated");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator(".profile-edit__value").first()).toHaveText("Marisol Q.");

    await page.getByRole("link", { name: "Edit bio" }).click();
    const bioDialog = page.getByRole("dialog", { name: "Edit bio" });
    const tooLong = "b".repeat(161);
    await bioDialog.getByLabel("Bio").fill(tooLong);
    if (javaScriptEnabled) await expect(bioDialog.getByText("161 / 160")).toBeVisible();
    await bioDialog.getByRole("button", { name: "Save" }).click();
    await expect(bioDialog.getByText("Bio can be at most 160 characters.")).toBeVisible();
    await expect(bioDialog.getByLabel("Bio")).toHaveValue(tooLong);
    if (javaScriptEnabled) await expectAccessible(page);

    const bio = `${"Selling a bike. ".repeat(10).slice(0, 159)}!`;
    await bioDialog.getByLabel("Bio").fill(bio);
    if (javaScriptEnabled) await expect(bioDialog.getByText("160 / 160")).toBeVisible();
    await bioDialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("alert")).toContainText("Profile Updated");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.goto(`/${username}`);
    await expect(page.locator("header h1")).toHaveText("Marisol Q.");
    await expect(page.locator(".profile__bio")).toHaveText(bio);
  });

  test("change photo: a gif is accepted and appears on the user's existing post; a renamed text file is refused", async ({ page }) => {
    await signUp(page, { first: "Pia", last: "Photo" });
    const username = await myUsername(page);
    const text = `Desk lamp ${unique()}`;
    await page.goto(`/create/post?goBack=/${username}`);
    await page.getByLabel("Post text").fill(text);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    const card = page.getByTestId("post-card").filter({ hasText: text });
    await expect(card).toBeVisible();
    await expect(card.locator("img.avatar")).toHaveCount(0);

    await page.goto("/profile/edit");
    await page.getByLabel("Change photo").setInputFiles(await gif("#c33"));
    await page.getByRole("button", { name: "Save photo" }).click();
    await expect(page.getByTestId("alert")).toContainText("Profile Updated");
    const large = await page.getByRole("img", { name: "Pia P.'s profile photo" }).getAttribute("src");
    expect(large).toMatch(/^\/media\/avatars\/[\w-]+\/[\w-]+-400\.webp$/);
    const key = large!.replace(/-400\.webp$/, "");
    const served = await page.request.get(large!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");

    // The post written before the change shows the new photo (it joins the user).
    for (const path of [`/${username}`, "/home"]) {
      await page.goto(path);
      await expect(page.getByTestId("post-card").filter({ hasText: text }).locator("img.avatar")).toHaveAttribute("src", `${key}-96.webp`);
    }

    await page.goto("/profile/edit");
    await page.getByLabel("Change photo").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("These are my notes, not a picture.\n") });
    await page.getByRole("button", { name: "Save photo" }).click();
    await expect(page.getByText("Only photos are allowed!").first()).toBeVisible();
    await expect(page.getByRole("img", { name: "Pia P.'s profile photo" })).toHaveAttribute("src", large!);
  });

  test("a file that is not a jpeg, png or gif by name is refused", async ({ page }) => {
    await signUp(page, { first: "Walt", last: "Webp" });
    await page.goto("/profile/edit");
    const webp = { name: "me.webp", mimeType: "image/webp", buffer: await sharp({ create: { width: 50, height: 50, channels: 3, background: "#00f" } }).webp().toBuffer() };
    await page.getByLabel("Change photo").setInputFiles(webp);
    await page.getByRole("button", { name: "Save photo" }).click();
    await expect(page.getByText("Only photos are allowed!").first()).toBeVisible();
    await expect(page.locator(".photo-form img.avatar")).toHaveCount(0);
  });
});

test.describe("who sees what on a profile", () => {
  test("another signed-in user sees Send Message and Report and gets the report message; a visitor sees Send Message and no Report", async ({ page }) => {
    await signUp(page, { first: "Rhea", last: "Reported" });
    const reported = await myUsername(page);
    await page.context().clearCookies();

    await signUp(page, { first: "Otto", last: "Other" });
    await page.goto(`/${reported.toUpperCase()}`);
    await expect(page.locator("header h1")).toHaveText("Rhea R.");
    await expect(page.getByRole("link", { name: "Send Message" })).toHaveAttribute("href", "/more/help");
    await expect(page.getByRole("link", { name: "Edit Profile" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Set up profile" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Claim this account" })).toHaveCount(0);
    await page.locator(".profile__card").getByRole("link", { name: "Report", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Report Rhea R." });
    await dialog.getByRole("radio", { name: "Something else" }).check();
    await dialog.getByRole("button", { name: "Report", exact: true }).click();
    await expect(page.getByTestId("alert")).toContainText(REPORTED);

    const { db, close } = openTestDb();
    try {
      const [target] = await db.select().from(schema.users).where(eq(schema.users.username, reported));
      expect(await db.select().from(schema.reports).where(eq(schema.reports.reportedUserId, target!.id))).toHaveLength(1);
    } finally {
      await close();
    }

    await page.context().clearCookies();
    await page.goto(`/${reported}`);
    await expect(page.getByRole("link", { name: "Send Message" })).toBeVisible();
    // Report on a profile is for signed-in users only.
    await expect(page.locator(".profile__card").getByRole("link", { name: "Report", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Claim this account" })).toHaveCount(0);
    await page.getByRole("link", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/more\/help$/);
  });

  test("Claim this account on a profile that is not verified sends the sign-in link to its own address, shown masked", async ({ page }) => {
    const local = unique("claim");
    const email = `${local}@ou.edu`;
    await page.goto("/register");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Name").fill("Cleo Claimable");
    await page.getByLabel("Password").fill("correct horse 1");
    await page.getByLabel("I agree not to do anything crazy").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/verify/);
    const username = await myUsername(page);
    await page.context().clearCookies();
    await page.goto(`/${username}`);
    await expect(page.getByRole("img", { name: "Verified" })).toHaveCount(0);
    await page.getByRole("button", { name: "Claim this account" }).click();

    // docs/product.md §3: /login/sent, with the address masked: the visitor learns nothing, not even from the URL.
    await expect(page).toHaveURL(new RegExp(`/login/sent\\?claim=${username}$`));
    await expect(page.getByRole("heading", { name: "Your magic link is on its way!" })).toBeVisible();
    await expect(page.locator(".auth__address")).toHaveText(`${local[0]}•••@ou.edu`);
    expect(await page.content()).not.toContain(local);
    await page.getByRole("button", { name: "Resend Email" }).click();
    await expect(page.getByTestId("alert")).toContainText("Email sent.");
    expect(page.url()).not.toContain(local);

    // The link went to the account's own address; opened in this browser it signs in and verifies.
    await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
    await page.getByTestId("mail").first().getByRole("link", { name: "Log me in" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/${username}`);
    await expect(page.getByRole("img", { name: "Verified" })).toBeVisible();
  });

  test("the owner's profile lists the seeded projects (default and ?show=projects) and games (?show=games)", async ({ page, javaScriptEnabled }) => {
    for (const path of ["/owner", "/owner?show=projects"]) {
      await page.goto(path);
      await expect(page.locator("header h1")).toHaveText("Jordan A.");
      await expect(page.getByRole("link", { name: "Projects", exact: true })).toHaveAttribute("aria-current", "page");
      // Ten per page; other specs may add content files of their own meanwhile.
      const projects = page.locator(".portfolio-list li");
      await expect(projects.first()).toBeVisible();
      expect(await projects.count()).toBeGreaterThanOrEqual(10);
      // The newest three: older ones may move to the next page while other specs add content files.
      for (const title of ["Campus Buy/Sell Feed", "Inventory Dashboard", "Inventory Management API"]) {
        await expect(page.getByRole("link", { name: new RegExp(title) })).toBeVisible();
      }
    }
    await expect(page.getByRole("link", { name: "More", exact: true }).last()).toHaveAttribute("href", "/more");
    if (javaScriptEnabled) await expectAccessible(page);

    await page.getByRole("link", { name: "Games", exact: true }).click();
    await expect(page).toHaveURL(/\/owner\?show=games$/);
    await expect(page.locator(".portfolio-list li").first()).toBeVisible();
    for (const title of ["Snake", "Word Guess", "Brick Breaker", "Memory Match", "Tic-Tac-Toe"]) {
      await expect(page.getByRole("link", { name: new RegExp(`^${title}`) })).toBeVisible();
    }
    await page.getByRole("link", { name: /^Snake/ }).click();
    await expect(page).toHaveURL(/\/game\/snake$/);
  });

  test("a user without portfolio or posts shows the empty states", async ({ page }) => {
    await signUp(page, { first: "Emma", last: "Empty" });
    const username = await myUsername(page);
    await page.goto(`/${username}`);
    await expect(page.getByText("No Projects")).toBeVisible();
    await expect(page.getByText("No Posts")).toBeVisible();
    await page.goto(`/${username}?show=games`);
    await expect(page.getByText("No Games")).toBeVisible();
    await page.goto(`/${username}?show=videos`);
    await expect(page.getByRole("heading", { name: "Videos" })).toBeVisible();
    await expect(page.getByText("No Posts")).toBeVisible();
  });

  test("an unknown username is the not-found page with a 404", async ({ page }) => {
    const response = await page.goto(`/${unique("nobody")}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go To Feed" })).toHaveAttribute("href", "/home");
  });
});

test.describe("the portfolio owner", () => {
  // One project only: the owner signs in with a magic link, and two runs at once
  // would each open the newest email in the shared mailbox.
  test("gets Create Post in the side navigation on their own profile, and a floating button on small screens", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "runs once, in the js project");
    await page.goto("/login?method=noPassword");
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page).toHaveURL(/\/login\/sent/);
    await page.goto("/dev/mail?to=owner@example.com");
    await page.getByTestId("mail").first().getByRole("link", { name: "Log me in" }).click();
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto("/owner");
    const sideNav = page.getByRole("navigation", { name: "Main", exact: true });
    const create = sideNav.getByRole("link", { name: "Create Post" });
    await expect(create).toBeVisible();
    await expect(create).toHaveAttribute("href", "/create/post?goBack=%2Fowner");
    await expect(page.getByRole("link", { name: "Edit Profile" })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(create).toBeHidden();
    const floating = page.locator("a.fab");
    await expect(floating).toBeVisible();
    await floating.click();
    await expect(page).toHaveURL(/\/create\/post\?goBack=%2Fowner$/);

    // Nowhere else, and not for other users.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("/home");
    await expect(page.getByRole("link", { name: "Create Post" })).toHaveCount(0);
  });

  test("other users get no Create Post on their own profile", async ({ page }) => {
    await signUp(page, { first: "Nico", last: "Notowner" });
    const username = await myUsername(page);
    await page.goto(`/${username}`);
    await expect(page.getByRole("link", { name: "Create Post" })).toHaveCount(0);
  });
});
