import { campusUrl, expect, expectAccessible, test } from "./fixtures";

const HEADER = "header h1";

test.describe("public pages", () => {
  test("landing and feed render with their titles", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Buy, sell and share at OU" })).toBeVisible();
    await expect(page).toHaveTitle(/OU BuySell/);
    await page.getByRole("link", { name: "Browse the feed" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator(HEADER)).toHaveText("Home");
  });

  const panels = [
    ["about", "About Me"],
    ["projects", "Projects"],
    ["podcast", "Podcast"],
    ["faq", "FAQ"],
    ["open", "Open"],
    ["help", "Contact Me"],
    ["feedback", "Feedback"],
  ] as const;
  for (const [slug, title] of panels) {
    test(`/more/${slug} shows ${title}`, async ({ page }) => {
      await page.goto(`/more/${slug}`);
      await expect(page.locator(HEADER)).toHaveText(title);
      await expect(page).toHaveTitle(new RegExp(`^${title} \\|`));
      await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
    });
  }

  test("About Me and FAQ come from the owner's MDX", async ({ page }) => {
    await page.goto("/more/about");
    await expect(page.locator(".prose")).toContainText("Jordan");
    await page.goto("/more/faq");
    await expect(page.locator(".prose h2").first()).toBeVisible();
    expect(await page.locator(".prose h2").count()).toBeGreaterThanOrEqual(8);
  });

  test("the More menu has its three sections and stays usable", async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await page.goto("/more");
    await expect(page.locator(HEADER)).toHaveText("More");
    for (const section of ["General Info", "More Stuff", "Help & Feedback"]) {
      await expect(page.getByRole("heading", { name: section })).toBeVisible();
    }
    await page.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/more\/faq$/);
    // Above 1000 px /more opens About Me beside the menu (with JS).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/more");
    if (javaScriptEnabled) await expect(page).toHaveURL(/\/more\/about$/);
    else await expect(page.getByRole("link", { name: "About Me" })).toBeVisible();
  });

  test("/settings/help shows the contact email", async ({ page }) => {
    await page.goto("/settings/help");
    await expect(page.locator(HEADER)).toHaveText("Contact Me");
    await expect(page.getByRole("link", { name: "owner@example.com" })).toHaveAttribute("href", "mailto:owner@example.com");
  });

  test("/404 is the access-blocked page", async ({ page }) => {
    const response = await page.goto("/404");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 2, name: "Error 404" })).toBeVisible();
  });

  for (const path of ["/no-such-page-here", "/some/deep/unknown/path"]) {
    test(`unknown path ${path} is the not-found page with 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("img", { name: "OU logo" })).toBeVisible();
      await expect(page.getByRole("img", { name: "UT logo" })).toBeVisible();
      await expect(page.getByRole("img", { name: "SMU logo" })).toBeVisible();
      await page.getByRole("link", { name: "Go To Feed" }).click();
      await expect(page).toHaveURL(/\/home$/);
    });
  }

  test("the campus comes from the hostname", async ({ page, baseURL }) => {
    await page.goto(campusUrl(baseURL, "utbuysell.localhost", "/home"));
    await expect(page.getByRole("link", { name: "UT BuySell" }).first()).toBeVisible();
    await expect(page).toHaveTitle(/UT BuySell/);
    await page.goto(campusUrl(baseURL, "localhost", "/home"));
    await expect(page).toHaveTitle(/OU BuySell/);
    await page.goto(campusUrl(baseURL, "campusbuysell.localhost", "/"));
    await expect(page.getByRole("heading", { name: "Buy, sell and share at Campus" })).toBeVisible();
  });

  test("the back button goes to the previous page, or the feed", async ({ page }) => {
    await page.goto("/more/projects");
    await expect(page.getByTestId("back")).toHaveAttribute("href", "/home");
    await page.getByRole("link", { name: "FAQ" }).first().click();
    await expect(page).toHaveURL(/\/more\/faq$/);
    await expect(page.getByTestId("back")).toHaveAttribute("href", "/more/projects");
    await page.getByTestId("back").click();
    await expect(page).toHaveURL(/\/more\/projects$/);
  });

  test("main screens have no serious accessibility violations", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe runs as a script in the page; the js project covers the same HTML");
    for (const path of ["/", "/home", "/more/about", "/not-a-real-page"]) {
      await page.goto(path);
      await expectAccessible(page);
    }
  });
});

test.describe("HTTP hygiene", () => {
  test("security headers, compression and health", async ({ request }) => {
    const home = await request.get("/home", { headers: { "Accept-Encoding": "gzip, br" } });
    const headers = home.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'strict-dynamic' 'nonce-[^']+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["content-encoding"]).toMatch(/gzip|br/);
    const html = await home.text();
    const asset = html.match(/\/build\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const script = await request.get(asset!);
    expect(script.headers()["cache-control"]).toContain("immutable");
    const health = await request.get("/healthz");
    expect(await health.text()).toBe("ok");
  });
});
