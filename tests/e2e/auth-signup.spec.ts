import { newUser, fillRegister, mailLink, openMail, signUp } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.describe("sign-up and verification (items 1-3)", () => {
  test("register → verify by the emailed link → /home, signed in and school-verified on the campus domain", async ({ page }) => {
    const user = { ...newUser("reg"), name: "dana q smith" };
    user.email = user.email.replace("example.com", "ou.edu");
    await page.goto("/register");
    await expect(page.locator("header h1")).toHaveText("Create your account");
    await fillRegister(page, user);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByText(user.email)).toBeVisible();

    const link = await mailLink(page, user.email, /verification code/, "Verify my email");
    expect(link).toMatch(/^http:\/\/localhost:\d+\/verify\?token=/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("alert")).toContainText("Your email is verified.");

    await page.goto("/settings/account");
    const account = page.locator(".settings-layout__content");
    await expect(account.getByRole("link", { name: /^Username/ })).toContainText(/@danasmith(-\d+)?/);
    await expect(account.getByRole("link", { name: /^Email/ })).toContainText(user.email);

    // The link works once.
    await page.goto(link);
    await expect(page).toHaveURL(/\/home$/);
  });

  test("verify by typing the emailed code", async ({ page }) => {
    const user = await signUp(page);
    const mail = await openMail(page, user.email, /verification code/);
    const code = (await mail.locator("[data-code]").textContent())!.trim();
    await page.goto("/verify");
    await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not right. Check the email and try again.")).toBeVisible();
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test("the email step sends a new address to /register and a known one to /login", async ({ page }) => {
    const user = newUser("step");
    await page.goto("/user_registration");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/register\\?email=${encodeURIComponent(user.email)}`));
    await expect(page.getByLabel("Email")).toHaveValue(user.email);

    await page.goto("/user_registration");
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?email=owner%40example\.com/);
    await expect(page.getByLabel("Email")).toHaveValue("owner@example.com");
  });

  test("register refuses bad input in the spec's words and keeps it (passwords excepted)", async ({ page, javaScriptEnabled }) => {
    const taken = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/register");
    const create = page.getByRole("button", { name: "Create account" });
    if (javaScriptEnabled) {
      // Disabled until every field is filled and the box is ticked.
      await page.getByLabel("Email").fill("someone@example.com");
      await expect(create).toBeDisabled();
      await page.getByLabel("Name", { exact: true }).fill("Some One");
      await page.getByLabel("Password").fill("short");
      await expect(create).toBeDisabled();
      await page.getByLabel("I agree not to do anything crazy").check();
      await expect(create).toBeEnabled();
    } else {
      await create.click();
      await expect(page.getByText("Email is required.")).toBeVisible();
      await expect(page.getByText("Name is required.")).toBeVisible();
      await expect(page.getByText("Password is required.")).toBeVisible();
      await expect(page.getByText("You must agree not to do anything crazy.")).toBeVisible();
    }
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Name", { exact: true }).fill("Cher");
    await page.getByLabel("Password").fill("short");
    await page.getByLabel("I agree not to do anything crazy").check();
    await create.click();
    await expect(page.getByText("Invalid email address!")).toBeVisible();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page.getByText("Password too short.")).toBeVisible();

    await page.getByLabel("Email").fill(taken.email);
    await page.getByLabel("Name", { exact: true }).fill("Another Person");
    await page.getByLabel("Password").fill("password123");
    await create.click();
    await expect(page.getByText("Email has already been taken.")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Another Person");
    // The server never sends a password back (with JS the field simply keeps what was typed).
    if (!javaScriptEnabled) await expect(page.getByLabel("Password")).toHaveValue("");

    await page.getByLabel("Email").fill("banned05@example.com");
    await page.getByLabel("Password").fill("password123");
    await page.getByLabel("I agree not to do anything crazy").check();
    await create.click();
    await expect(page.getByText("Account has been banned")).toBeVisible();
  });

  test("a signed-in user opening the sign-in pages goes to /home (before verifying: to /verify)", async ({ page }) => {
    const user = await signUp(page);
    for (const path of ["/login", "/register", "/user_registration"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/verify$/);
    }
    await page.goto(await mailLink(page, user.email, /verification code/, "Verify my email"));
    await expect(page).toHaveURL(/\/home$/);
    for (const path of ["/login", "/register", "/user_registration"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
    }
  });
});

test.describe("before the email is verified (no pre-created accounts)", () => {
  test("the new session browses as a visitor, can open /verify and log out, and nothing else", async ({ page }) => {
    await signUp(page);
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    await expect(nav.getByRole("link", { name: "Verify email" })).toHaveAttribute("href", "/verify");
    await expect(nav.getByRole("link", { name: "Log in" })).toHaveCount(0);

    for (const path of ["/settings/account", "/settings/account/email", "/create/post", "/notifications", "/profile/edit"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/verify(\?|$)/);
    }
    await page.goto("/home");
    await expect(page.locator("main")).toBeVisible();

    await nav.getByRole("link", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/logout$/);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(nav.getByRole("link", { name: "Log in" })).toBeVisible();
  });

  test("the verification link opened in another browser asks to log in and verifies only after the password", async ({ page, browser, javaScriptEnabled }) => {
    const user = await signUp(page);
    const link = await mailLink(page, user.email, /verification code/, "Verify my email");

    const other = await browser.newContext({ javaScriptEnabled });
    const elsewhere = await other.newPage();
    await elsewhere.goto(link);
    await expect(elsewhere).toHaveURL(/\/login\?redirect=%2Fverify%3Ftoken/);
    await expect(elsewhere.getByTestId("alert")).toContainText("Log in with your password to verify your email.");
    // Nothing was verified: the first browser is still waiting.
    await page.goto("/settings/account");
    await expect(page).toHaveURL(/\/verify/);

    await elsewhere.getByLabel("Email").fill(user.email);
    await elsewhere.getByLabel("Password").fill(user.password);
    await elsewhere.getByRole("button", { name: "Log in" }).click();
    await expect(elsewhere).toHaveURL(/\/home$/);
    await expect(elsewhere.getByTestId("alert")).toContainText("Your email is verified.");
    await other.close();
  });
});
