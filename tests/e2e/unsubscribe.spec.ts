import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import { expect, expectAccessible, openTestDb, test, unique } from "./fixtures";

// The same token the server makes (SESSION_SECRET of the e2e server): the user, the version, when it was made.
const token = (userId: string, version = 0, issuedAt = Date.now()) =>
  `${userId}.${version}.${issuedAt.toString(36)}.${crypto.createHmac("sha256", "e2e-session-secret").update(`unsubscribe:${userId}:${version}:${issuedAt}`).digest("base64url")}`;

test("the unsubscribe link turns notification emails off after a confirmation, and back on", async ({ page, javaScriptEnabled }) => {
  const { db, close } = openTestDb();
  const id = unique("u");
  const email = `${id}@ou.edu`;
  await db.insert(schema.users).values({ id, campusId: "ou", firstName: "Una", lastName: "S.", username: id, email });
  const notifications = async () => (await db.select().from(schema.users).where(eq(schema.users.id, id)))[0]?.emailNotifications;
  try {
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token(id))}`);
    await expect(page.getByRole("heading", { name: "Unsubscribe from email notifications?" })).toBeVisible();
    // Only masked: whoever holds the link does not learn the address.
    await expect(page.getByText(`${id.slice(0, 1)}•••@ou.edu`)).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
    if (javaScriptEnabled) await expectAccessible(page);
    expect(await notifications()).toBe(true); // opening the link changes nothing

    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "Email notifications are off" })).toBeVisible();
    await expect(page.getByTestId("alert")).toHaveText(/Account Updated!/);
    expect(await notifications()).toBe(false);

    await page.getByRole("button", { name: "Turn them back on" }).click();
    await expect(page.getByRole("heading", { name: "Unsubscribe from email notifications?" })).toBeVisible();
    expect(await notifications()).toBe(true);
  } finally {
    await close();
  }
});

test("a tampered link says so", async ({ page }) => {
  const res = await page.goto("/unsubscribe?token=someone.forged");
  expect(res?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
});
