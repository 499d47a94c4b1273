import { expect, test, unique } from "./fixtures";

test("the feedback form queues an email to the owner, and an alert follows the redirect", async ({ page }) => {
  const from = `${unique("fb")}@example.com`;
  const text = `Loving the site ${unique("msg")}`;
  await page.goto("/more/feedback");
  await page.getByLabel("Your email").fill(from);
  await page.getByLabel("Your feedback").fill(text);
  await page.getByRole("button", { name: "Send" }).click();

  const alert = page.getByTestId("alert");
  await expect(alert).toHaveText(/Email sent\./);
  await expect(page).toHaveURL(/\/more\/feedback$/);
  // Dismissed by CSS after 2600 ms, with or without JS.
  await expect(alert).toBeHidden({ timeout: 6_000 });

  await page.goto(`/dev/mail?to=owner@example.com`);
  const mail = page.getByTestId("mail").filter({ hasText: text });
  await expect(mail).toHaveCount(1);
  await expect(mail.locator(".mail__subject")).toHaveText(`Feedback from ${from}`);
  await expect(mail.getByRole("link", { name: from })).toHaveAttribute("href", `mailto:${from}`);
});

test("a refused form keeps the draft and says why, in the spec's words", async ({ page }) => {
  const draft = `Half-written thought ${unique()}`;
  await page.goto("/more/help");
  await page.getByLabel("Your email").fill("not-an-email");
  await page.getByLabel("Message", { exact: true }).fill(draft);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Invalid email address!")).toBeVisible();
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(draft);
  await page.getByLabel("Your email").fill("");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Email is required.")).toBeVisible();
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(draft);
});

test("the dev mailbox is an ordinary page listing an address's mail", async ({ page }) => {
  await page.goto("/dev/mail?to=nobody-here@example.com");
  await expect(page.getByText("No mail for nobody-here@example.com.")).toBeVisible();
});
