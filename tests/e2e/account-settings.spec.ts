import { logIn, logOut, mailLink, newUser, signUpVerified } from "./auth-helpers";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const content = (page: Page) => page.locator(".settings-layout__content");

test.describe("account settings (item 11)", () => {
  test("settings navigation; wide screens go to the account panel with JS; the account facts", async ({ page, javaScriptEnabled }) => {
    await page.goto("/settings");
    await expect(page.locator("header h1")).toHaveText("Settings");
    await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: /Contact Me/ })).toBeVisible();

    const user = await signUpVerified(page);
    await page.goto("/settings");
    if (javaScriptEnabled) {
      await expect(page).toHaveURL(/\/settings\/account$/);
    } else {
      await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: /Your account/ }).click();
    }
    await expect(page.locator("header h1")).toHaveText("Account settings");
    await expect(content(page).getByRole("link", { name: /^Username/ })).toContainText("@test");
    await expect(content(page).getByRole("link", { name: /^Password/ })).toContainText("••••••••");
    await expect(content(page).getByRole("link", { name: /^Email/ })).toContainText(user.email);
    await expect(content(page).getByText("Account created")).toBeVisible();
  });

  test("change username: taken, reserved, then saved", async ({ page, javaScriptEnabled }) => {
    const first = await signUpVerified(page);
    await page.goto("/settings/account");
    const taken = ((await content(page).getByRole("link", { name: /^Username/ }).locator("small").textContent()) ?? "").replace("@", "");
    await logOut(page);
    await signUpVerified(page);
    expect(first.email).toBeTruthy();

    await page.goto("/settings/account/screen_name");
    await expect(page.locator("header h1")).toHaveText("Change username");
    const input = page.getByRole("textbox", { name: "Username" });
    await expect(input).toHaveAttribute("maxlength", "50");
    const save = page.getByRole("button", { name: "Save" });
    if (javaScriptEnabled) await expect(save).toBeDisabled();

    await input.fill(taken);
    await save.click();
    await expect(page.getByText("That username has been taken.")).toBeVisible();
    await expect(input).toHaveValue(taken);

    await input.fill("settings");
    await save.click();
    await expect(page.getByText("That username has been taken.")).toBeVisible();

    const fresh = `new-${Date.now().toString(36)}`;
    await input.fill(fresh);
    await save.click();
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(page.getByTestId("alert")).toContainText("Account Updated!");
    await expect(content(page).getByRole("link", { name: /^Username/ })).toContainText(`@${fresh}`);
  });

  test("change email: asks for the current password, takes effect only after the link sent to the new address, ends other sessions", async ({ page, browser, javaScriptEnabled }) => {
    test.setTimeout(60_000);
    const user = await signUpVerified(page);
    const other = await browser.newContext({ javaScriptEnabled });
    const elsewhere = await other.newPage();
    await logIn(elsewhere, user);
    await expect(elsewhere).toHaveURL(/\/home$/);

    const next = newUser("moved");
    await page.goto("/settings/account/email");
    await expect(page.locator("header h1")).toHaveText("Change email");
    const send = page.getByRole("button", { name: "Send confirmation link" });
    await page.getByLabel("New email").fill("not-an-email");
    await send.click();
    await expect(page.getByText("Invalid email address!")).toBeVisible();
    await page.getByLabel("New email").fill(next.email);
    await send.click();
    await expect(page.getByText("Current password required")).toBeVisible();
    await page.getByLabel("Current password").fill("not-the-password");
    await send.click();
    await expect(page.getByText("Wrong password!")).toBeVisible();
    // The new address stays in the form.
    await expect(page.getByLabel("New email")).toHaveValue(next.email);
    await page.getByLabel("Current password").fill(user.password);
    await send.click();
    await expect(page.getByTestId("alert")).toContainText(`Check ${next.email} for the link that confirms it.`, { timeout: 15_000 });

    await page.goto("/settings/account");
    await expect(content(page).getByRole("link", { name: /^Email/ })).toContainText(user.email);

    await page.goto(await mailLink(page, next.email, /Confirm your new email address/, "Confirm this address"));
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(page.getByTestId("alert")).toContainText("Account Updated!");
    await expect(content(page).getByRole("link", { name: /^Email/ })).toContainText(next.email);
    await mailLink(page, user.email, /Your account email was changed/, "Contact Me");

    // The other browser is signed out.
    await elsewhere.goto("/settings/account");
    await expect(elsewhere).toHaveURL(/\/login\?redirect=/);
    await other.close();

    await logOut(page);
    await logIn(page, { email: next.email, password: user.password });
    await expect(page).toHaveURL(/\/home$/);
  });

  test("change password: each message in the order of docs/product.md §3, wrong current refused, other sessions end", async ({ page, browser, javaScriptEnabled }) => {
    test.setTimeout(60_000);
    const user = await signUpVerified(page);
    const other = await browser.newContext({ javaScriptEnabled });
    const elsewhere = await other.newPage();
    await logIn(elsewhere, user);
    await expect(elsewhere).toHaveURL(/\/home$/);

    await page.goto("/settings/account/password");
    await expect(page.locator("header h1")).toHaveText("Change your password");
    const current = page.getByLabel("Current password");
    const next = page.getByLabel("New password", { exact: true });
    const again = page.getByLabel("Re-enter new password");
    const save = page.getByRole("button", { name: "Save" });

    await save.click();
    await expect(page.getByText("Current password required")).toBeVisible();
    await current.fill(user.password);
    await save.click();
    await expect(page.getByText("Please enter a new password")).toBeVisible();
    await current.fill(user.password);
    await next.fill("changed-pass-1");
    await save.click();
    await expect(page.getByText("Must re-enter new password")).toBeVisible();
    await current.fill(user.password);
    await next.fill("changed-pass-1");
    await again.fill("changed-pass-2");
    await save.click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await current.fill("not-the-password");
    await next.fill("changed-pass-1");
    await again.fill("changed-pass-1");
    await save.click();
    await expect(page.getByText("Wrong password!")).toBeVisible();

    await current.fill(user.password);
    await next.fill("changed-pass-1");
    await again.fill("changed-pass-1");
    await save.click();
    // Two deliberately slow hashes (check the current password, hash the new one): give a busy machine time.
    await expect(page).toHaveURL(/\/settings\/account$/, { timeout: 20_000 });
    await expect(page.getByTestId("alert")).toContainText("Account Updated!");

    // This browser stays signed in; the other one is signed out.
    await page.goto("/settings/account");
    await expect(page).toHaveURL(/\/settings\/account$/);
    await elsewhere.goto("/settings/account");
    await expect(elsewhere).toHaveURL(/\/login\?redirect=/);
    await other.close();

    await logOut(page);
    await logIn(page, { email: user.email, password: "changed-pass-1" });
    await expect(page).toHaveURL(/\/home$/);
  });
});
