// The US region gate (docs/product.md §18) on a server that trusts test headers as its
// edge proxy's country and time zone.
import type { BrowserContext } from "@playwright/test";
import { startAppServer, type AppServer } from "./app-server";
import { expect, expectAccessible, test } from "./fixtures";

let server: AppServer;

test.beforeAll(async () => {
  server = await startAppServer({
    GEO_GATE: "on",
    GEO_COUNTRY_HEADER: "X-Test-Country",
    GEO_TIMEZONE_HEADER: "X-Test-Timezone",
  });
});

test.afterAll(async () => {
  await server?.stop();
});

const CHICAGO = { "X-Test-Country": "US", "X-Test-Timezone": "America/Chicago" };

async function setTzCookie(context: BrowserContext, zone: string) {
  await context.addCookies([{ name: "tz", value: encodeURIComponent(zone), url: server.url }]);
}

test("a visitor from outside the US lands on /404 \"Error 404\"", async ({ page, javaScriptEnabled }) => {
  await page.setExtraHTTPHeaders({ "X-Test-Country": "FR", "X-Test-Timezone": "Europe/Paris" });
  await page.goto(`${server.url}/home`);
  await expect(page).toHaveURL(`${server.url}/404`);
  await expect(page.locator("header h1")).toHaveText("Error 404");
  await expect(page.getByRole("heading", { level: 2, name: "Error 404" })).toBeVisible();
  // axe runs as a script in the page: the js project checks the same HTML.
  if (javaScriptEnabled) await expectAccessible(page);
  // Every other way in leads there too.
  await page.goto(`${server.url}/more/about`);
  await expect(page).toHaveURL(`${server.url}/404`);
});

test.describe("a US visitor whose browser keeps the IP's time", () => {
  test.use({ timezoneId: "America/Chicago" });

  test("gets in and can move around", async ({ page, context }) => {
    await setTzCookie(context, "America/Chicago");
    await page.setExtraHTTPHeaders(CHICAGO);
    await page.goto(`${server.url}/home`);
    await expect(page).toHaveURL(`${server.url}/home`);
    await expect(page.locator("header h1")).toHaveText("Home");
    await page.getByRole("link", { name: "More" }).first().click();
    await expect(page).toHaveURL(/\/more(\/about)?$/);
    await expect(page.locator("header h1")).not.toHaveText("Error 404");
  });
});

test.describe("a US visitor whose browser is set to another time zone", () => {
  test.use({ timezoneId: "Europe/Paris" });

  test("is blocked once the browser has told its time zone", async ({ page, context }) => {
    await setTzCookie(context, "Europe/Paris");
    await page.setExtraHTTPHeaders(CHICAGO);
    await page.goto(`${server.url}/home`);
    await expect(page).toHaveURL(`${server.url}/404`);
    await expect(page.getByRole("heading", { level: 2, name: "Error 404" })).toBeVisible();
  });

  test("on a first visit gets in, and with JavaScript is stopped at the next step", async ({ page }, testInfo) => {
    await page.setExtraHTTPHeaders(CHICAGO);
    await page.goto(`${server.url}/home`); // no time zone known yet: let in
    await expect(page).toHaveURL(`${server.url}/home`);
    await page.getByRole("link", { name: "More" }).first().click();
    if (testInfo.project.name === "js") {
      // The page told the server the browser's time zone; the client-side navigation is refused.
      await expect(page).toHaveURL(`${server.url}/404`);
      await expect(page.getByRole("heading", { level: 2, name: "Error 404" })).toBeVisible();
    } else {
      // Without JavaScript the browser never says: the time zone stays unknown.
      await expect(page).toHaveURL(/\/more(\/about)?$/);
    }
  });
});
