// Google sign-in against a local OAuth 2.0 server (oauth2-mock-server) standing in for
// Google: the real redirect, state check, code-for-token exchange and userinfo call.
// This file starts its own app server configured with GOOGLE_CLIENT_ID/SECRET and
// GOOGLE_OAUTH_BASE_URL pointing at the local provider.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { OAuth2Server } from "oauth2-mock-server";
import { dropDatabase, newDatabaseUrl } from "./database";
import { expect, test, unique } from "./fixtures";

test.describe.configure({ mode: "serial" });

const root = path.resolve(import.meta.dirname, "../..");
let provider: OAuth2Server;
let app: ChildProcess;
let base: string;
let dataDir: string;
let databaseUrl: string;
let profile: Record<string, unknown> = {};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(await freePort(), "localhost");
  provider.service.on("beforeUserinfo", (response: { body: unknown }) => {
    response.body = profile;
  });

  const port = await freePort();
  base = `http://localhost:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-google-"));
  databaseUrl = await newDatabaseUrl(dataDir);
  app = spawn(process.execPath, [path.join(root, "build/index.js")], {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: "production",
      PUBLIC_URL: base,
      SESSION_SECRET: "google-e2e-secret",
      DEV_MAILBOX: "1",
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      GOOGLE_CLIENT_ID: "campus-test-client",
      GOOGLE_CLIENT_SECRET: "campus-test-secret",
      GOOGLE_OAUTH_BASE_URL: provider.issuer.url!,
    },
  });
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the Google test server did not start");
});

test.afterAll(async () => {
  app?.kill("SIGTERM");
  await provider?.stop();
  if (databaseUrl) await dropDatabase(databaseUrl);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function googleProfile(name: string, email = `${unique("g")}@example.com`) {
  return { sub: unique("sub"), email, email_verified: true, name, picture: "https://lh3.googleusercontent.com/a/test-photo" };
}

test("a new user signs up with Google: Google-name username, photo, verified; the same account next time", async ({ page }) => {
  profile = googleProfile("Rae 3000 Jones-Smith");
  await page.goto(`${base}/login`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(`${base}/home`);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Log out" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Profile" })).toHaveAttribute("href", /^\/raesmith(-\d+)?$/);

  await page.goto(`${base}/settings/account`);
  const account = page.locator(".settings-layout__content");
  await expect(account.getByRole("link", { name: /^Email/ })).toContainText(String(profile.email));
  await expect(account.getByRole("link", { name: /^Password/ })).toContainText("Not set");
  const username = await account.getByRole("link", { name: /^Username/ }).locator("small").textContent();

  await page.goto(`${base}/logout`);
  await page.getByRole("button", { name: "Log out" }).click();
  await page.goto(`${base}/login`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(`${base}/home`);
  await page.goto(`${base}/settings/account`);
  await expect(account.getByRole("link", { name: /^Username/ })).toContainText(username!);
});

test("names with no usable words become Anonymous User", async ({ page }) => {
  profile = googleProfile("x1 2y");
  await page.goto(`${base}/user_registration`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(`${base}/home`);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" })).toHaveAttribute(
    "href",
    /^\/anonymoususer(-\d+)?$/,
  );
});

test("Google returns to the page the visitor came from", async ({ page }) => {
  profile = googleProfile("Lee Park");
  await page.goto(`${base}/more/faq?signup=like`);
  await page.getByRole("dialog").getByRole("link", { name: "Log in" }).click();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(`${base}/more/faq`);
});

test("an unverified Google email is refused", async ({ page }) => {
  profile = { ...googleProfile("Una Verified"), email_verified: false };
  await page.goto(`${base}/login`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(`${base}/login`);
  await expect(page.getByTestId("alert")).toContainText("Error Signing In with Google.");
});

test("a banned email is refused", async ({ page }) => {
  profile = googleProfile("Bad Actor", "banned07@example.com");
  await page.goto(`${base}/login`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(`${base}/login`);
  await expect(page.getByTestId("alert")).toContainText("Account has been banned");
});

test("a callback without our state is refused", async ({ page }) => {
  await page.goto(`${base}/auth/google/callback?code=stolen&state=guessed`);
  await expect(page).toHaveURL(`${base}/login`);
  await expect(page.getByTestId("alert")).toContainText("Error Signing In with Google.");
});

test("an address someone else registered: Google proves it, their password stops working and their session ends", async ({ page, browser, javaScriptEnabled }) => {
  const email = `${unique("victim")}@ou.edu`;
  const attacker = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await attacker.goto(`${base}/register`);
  await attacker.getByLabel("Email").fill(email);
  await attacker.getByLabel("Name").fill("Vic Tim");
  await attacker.getByLabel("Password").fill("attacker-pass-1");
  await attacker.getByLabel("I agree not to do anything crazy").check();
  await attacker.getByRole("button", { name: "Create account" }).click();
  await expect(attacker).toHaveURL(`${base}/verify`);

  profile = googleProfile("Vic Tim", email);
  await page.goto(`${base}/login`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(`${base}/home`);
  await page.goto(`${base}/settings/account`);
  await expect(page.locator(".settings-layout__content").getByRole("link", { name: /^Password/ })).toContainText("Not set");

  await attacker.goto(`${base}/settings/account`);
  await expect(attacker).toHaveURL(/\/login\?redirect=/);
  await attacker.getByLabel("Email").fill(email);
  await attacker.getByLabel("Password").fill("attacker-pass-1");
  await attacker.getByRole("button", { name: "Log in" }).click();
  await expect(attacker.getByText("Invalid login credentials.")).toBeVisible();
  await attacker.context().close();
});

test("an account without a password changes its email right after signing in with Google, without a password", async ({ page }) => {
  profile = googleProfile("Noah Password");
  await page.goto(`${base}/login`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(`${base}/home`);
  await page.goto(`${base}/settings/account/email`);
  await expect(page.getByLabel("Current password")).toHaveCount(0);
  const next = `${unique("moved")}@example.com`;
  await page.getByLabel("New email").fill(next);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByTestId("alert")).toContainText(`Check ${next} for the link that confirms it.`);
});
