// The portfolio owner in end-to-end tests: the account the seed created
// (OWNER_EMAIL's default), signed in with a magic link from the dev mailbox.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
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

/** Signs in as the portfolio owner with a magic link from the dev mailbox. */
export async function logInAsOwner(page: Page) {
  await withOwnerLock(async () => {
    await page.goto("/login?method=noPassword");
    await page.getByLabel("Email").fill(OWNER_EMAIL);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page).toHaveURL(/\/login\/sent/);
    await page.goto(`/dev/mail?to=${encodeURIComponent(OWNER_EMAIL)}`);
    await page.getByTestId("mail").filter({ hasText: "Your link to log in" }).first().getByRole("link", { name: "Log me in" }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });
}
