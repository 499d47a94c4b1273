// docs/product.md §18: the sign-up prompt for a visitor outside the US goes to /404, on a
// server open for browsing (GEO_GATE=off) that trusts test headers as its edge
// proxy's country and time zone.
import { startAppServer, type AppServer } from "./app-server";
import { expect, test } from "./fixtures";

let server: AppServer;

test.beforeAll(async () => {
  server = await startAppServer({
    GEO_GATE: "off",
    GEO_COUNTRY_HEADER: "X-Test-Country",
    GEO_TIMEZONE_HEADER: "X-Test-Timezone",
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test("a visitor from outside the US browses, but trying to search lands on /404", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Test-Country": "FR", "X-Test-Timezone": "Europe/Paris" });
  await page.goto(`${server.url}/search`);
  await expect(page.locator("header h1")).toHaveText("Search");
  await page.getByLabel("Search posts and people").fill("bike");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(`${server.url}/404`);
  await expect(page.getByRole("heading", { level: 2, name: "Error 404" })).toBeVisible();
});

test("a US visitor gets the sign-up prompt", async ({ page, context }) => {
  await context.addCookies([{ name: "tz", value: encodeURIComponent("America/Chicago"), url: server.url }]);
  await page.setExtraHTTPHeaders({ "X-Test-Country": "US", "X-Test-Timezone": "America/Chicago" });
  await page.goto(`${server.url}/search?q=bike&signup=search`);
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Sign up to search" })).toBeVisible();
});
