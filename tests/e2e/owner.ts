// The portfolio owner in end-to-end tests: the account the seed created
// (OWNER_EMAIL's default), signed in with a magic link from the dev mailbox.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

export const OWNER_EMAIL = "owner@example.com";

/** One test at a time signs in as the owner (the js and nojs runs share the owner's mailbox). */
async function withOwnerLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = path.join(process.env.E2E_DIR!, "owner-login.lock");
  const started = Date.now();
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch {
      if (Date.now() - started > 20_000) fs.rmSync(lock, { force: true }); // a crashed holder
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/**
 * Signs in as the portfolio owner: the first time in a run with a magic link
 * from the dev mailbox, then with that session's cookie, kept in the run's
 * folder. The owner's address may get 5 emails in 15 minutes, like everyone's
 * (docs/product.md §21), and a run has more owner tests than that.
 */
export async function logInAsOwner(page: Page) {
  const saved = path.join(process.env.E2E_DIR!, "owner-cookies.json");
  await withOwnerLock(async () => {
    if (fs.existsSync(saved)) {
      await page.context().addCookies(JSON.parse(fs.readFileSync(saved, "utf8")) as Parameters<BrowserContext["addCookies"]>[0]);
      await page.goto("/settings/account");
      if (!/\/login/.test(page.url())) return;
    }
    await page.goto("/login?method=noPassword");
    await page.getByLabel("Email").fill(OWNER_EMAIL);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page).toHaveURL(/\/login\/sent/);
    await page.goto(`/dev/mail?to=${encodeURIComponent(OWNER_EMAIL)}`);
    await page.getByTestId("mail").filter({ hasText: "Your link to log in" }).first().getByRole("link", { name: "Log me in" }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const session = (await page.context().cookies()).filter((c) => c.name.includes("session"));
    fs.writeFileSync(saved, JSON.stringify(session));
  });
}
