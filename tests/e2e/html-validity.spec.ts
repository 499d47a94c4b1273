// Every main page, as the server sends it (no JS), signed out and signed in,
// passes the W3C Nu HTML checker with no errors (warnings are allowed).
// The checker runs once over all pages: starting the JVM costs a second or two.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import sharp from "sharp";
import { expect, test, unique } from "./fixtures";
import { signUp } from "./users";

const VNU_JAR = path.resolve(import.meta.dirname, "../../node_modules/vnu-jar/build/dist/vnu.jar");
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

type VnuMessage = { type: string; subType?: string; url?: string; lastLine?: number; lastColumn?: number; message: string; extract?: string };

/** Runs the Nu checker over the files; returns its errors (and fatal errors) as one line each. */
function nuErrors(files: string[]): string[] {
  // A short run: the quick JIT alone does it in half the time (its deeper frames need a larger stack).
  const run = spawnSync("java", ["-XX:TieredStopAtLevel=1", "-Xss8m", "-jar", VNU_JAR, "--format", "json", "--errors-only", ...files], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw run.error;
  // The JSON report goes to stderr; the exit code is 1 when there are errors.
  const report = JSON.parse(run.stderr) as { messages: VnuMessage[] };
  return report.messages
    .filter((m) => m.type !== "info")
    .map((m) => `${path.basename(m.url ?? "")}:${m.lastLine ?? "?"}:${m.lastColumn ?? "?"} ${m.type}: ${m.message}  «${(m.extract ?? "").replace(/\s+/g, " ")}»`);
}

test.describe("valid HTML", () => {
  // The HTML is the same for both projects: check it once, in the project that reads it without JS.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the nojs project checks the served HTML");
  test.skip(/^postgres(?:ql)?:/.test(process.env.E2E_DATABASE_URL ?? ""), "the markup does not depend on the database: checked in the SQLite half");

  test("the main pages, signed out and signed in, have no Nu checker errors", async ({ page, request, browser, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const dir = testInfo.outputPath("pages");
    fs.mkdirSync(dir, { recursive: true });
    const files: string[] = [];
    const origin = new URL(baseURL!).origin;

    /** Keeps the response's HTML for the checker, after checking it is the page we meant. */
    async function keep(label: string, response: APIResponse, status = 200) {
      expect(response.status(), `${label}: ${response.headers().location ?? ""}`).toBe(status);
      expect(response.headers()["content-type"]).toContain("text/html");
      const file = path.join(dir, `${String(files.length).padStart(3, "0")}-${label.replace(/[^\w-]+/g, "_").slice(0, 80)}.html`);
      fs.writeFileSync(file, await response.body());
      files.push(file);
    }
    const get = (client: APIRequestContext, who: string, url: string, status = 200, headers: Record<string, string> = {}) =>
      client.get(url, { maxRedirects: 0, headers }).then((r) => keep(`${who} GET ${url}`, r, status));
    const post = (client: APIRequestContext, who: string, url: string, form: Record<string, string>, status: number) =>
      client.post(url, { form, maxRedirects: 0, headers: { Origin: origin } }).then((r) => keep(`${who} POST ${url}`, r, status));

    // A seller (this page) posts a listing with two photos through the composer.
    const seller = await signUp(page);
    const text = `Desk lamp ${unique()}`;
    await page.goto("/create/post?goBack=/home");
    await page.getByLabel("Post text").fill(`${text}\nPick up at the library.`);
    await page.getByLabel("Category").selectOption({ label: "Furniture" });
    const photo = async (color: string, name: string) => ({ name, mimeType: "image/png", buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).png().toBuffer() });
    await page.getByLabel(/Photos and videos/).setInputFiles([await photo("#c33", "front.png"), await photo("#33c", "side.png")]);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    const postHref = await page.getByTestId("post-card").filter({ hasText: text }).locator('a[href^="/post/"]').first().getAttribute("href");
    const postId = postHref!.match(/^\/post\/([\w-]+)/)![1]!;
    const profileEdit = await page.request.get("/profile", { maxRedirects: 0 });
    expect(profileEdit.headers().location).toBe("/profile/edit");
    const username = (await page.request.get("/settings/account/screen_name").then((r) => r.text())).match(/name="username"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="username"/)?.slice(1).find(Boolean);
    expect(username, "the seller's username").toBeTruthy();

    // A buyer, in a browser of their own, comments on the listing and saves it: the seller gets notifications.
    const buyerContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const buyerPage = await buyerContext.newPage();
    await signUp(buyerPage, { first: "Bea" });
    const commented = await buyerPage.request.post(`/post/${postId}`, { form: { intent: "comment", text: "Is it still available?" }, maxRedirects: 0, headers: { Origin: origin } });
    expect(commented.status()).toBe(302);
    const commentId = commented.headers().location!.match(/#post-([\w-]+)/)![1]!;
    const saved = await buyerPage.request.post(`/post/${postId}`, { form: { intent: "like", returnTo: `/post/${postId}` }, maxRedirects: 0, headers: { Origin: origin } });
    expect(saved.status()).toBeLessThan(400);
    // Someone signed up with an address off campus: posting asks for a school email.
    await buyerContext.clearCookies();
    await signUp(buyerPage, { first: "Otto", domain: "example.com" });
    await keep("outsider GET /create/post", await buyerPage.request.get("/create/post", { maxRedirects: 0 }));
    await buyerContext.close();

    // Pages anyone can open, with a modal or two open by URL.
    const publicPages = [
      "/",
      "/home",
      "/home?category=furniture",
      `/post/${postId}`,
      `/post/${postId}?share=${postId}`,
      `/post/${commentId}`,
      `/${username}`,
      "/owner",
      "/owner?show=games",
      "/owner?show=videos",
      "/project/campus-buysell",
      "/project/campus-buysell?show=comments",
      "/game/snake",
      "/game/snake?show=comments",
      "/search",
      `/search?q=${encodeURIComponent(text)}`,
      "/more",
      ...["about", "projects", "podcast", "faq", "open", "rules", "help", "feedback"].map((p) => `/more/${p}`),
      "/settings/help",
    ];

    // Signed out.
    for (const url of [...publicPages, "/home?signup=post", `/post/${postId}?signup=comment`, "/login", "/login?method=password", "/login?method=noPassword", "/register", "/forgotpassword", `/login/sent?email=${encodeURIComponent(seller.email)}`]) {
      await get(request, "visitor", url);
    }
    await get(request, "visitor", "/404", 403);
    await get(request, "visitor", "/no-such-page", 404);
    await get(request, "visitor", "/some/deep/unknown/path", 404);
    await get(request, "crawler", "/home", 200, { "User-Agent": CRAWLER }); // rendered whole before it is sent
    // Forms answered with their errors.
    await post(request, "visitor", "/login?method=password", { method: "password", email: seller.email, password: "not the password" }, 400);
    await post(request, "visitor", "/login?method=password", { method: "password", email: "", password: "" }, 400);
    await post(request, "visitor", "/register", { email: "not an email", name: "", password: "short" }, 400);
    await post(request, "visitor", "/forgotpassword", { email: "not an email" }, 400);
    // The page a password-reset email opens.
    expect((await request.post("/forgotpassword", { form: { email: seller.email }, maxRedirects: 0, headers: { Origin: origin } })).status()).toBeLessThan(400);
    const mailbox = await (await request.get(`/dev/mail?to=${encodeURIComponent(seller.email)}`)).text();
    const resetLink = new URL(mailbox.match(/href="([^"]*\/reset-password\?[^"]+)"/)![1]!.replaceAll("&amp;", "&"), origin);
    await get(request, "visitor", resetLink.pathname + resetLink.search);

    // Signed in as the seller.
    for (const url of [
      ...publicPages,
      `/post/${postId}?confirm=delete-post&target=${postId}`,
      `/post/${postId}?report=comment&target=${commentId}`,
      "/owner?report=user",
      "/notifications",
      "/create/post",
      `/create/comment/${postId}?type=post`,
      "/create/comment/campus-buysell?type=project",
      "/profile/edit",
      "/profile/edit?edit=name",
      "/profile/edit?edit=bio",
      "/settings",
      "/settings/account",
      "/settings/account/email",
      "/settings/account/password",
      "/settings/account/screen_name",
      "/profile/set-up",
      "/select-city",
      "/add-code",
    ]) {
      await get(page.request, "seller", url);
    }
    await get(page.request, "seller", "/no-such-page", 404);
    await post(page.request, "seller", "/create/post", { intent: "send", text: "" }, 400);
    await post(page.request, "seller", `/post/${postId}`, { intent: "comment", text: "" }, 400);
    await post(page.request, "seller", `/post/${commentId}?report=comment&target=${commentId}`, { intent: "report", note: "No reason given" }, 400);
    await post(page.request, "seller", "/settings/account/password", { currentPassword: "wrong", newPassword: "a", confirmPassword: "b" }, 400);

    // Signed up, not verified yet: the verification page (last, as it signs this client in).
    const registered = await request.post("/register", { form: { email: `${unique("v")}@ou.edu`, name: "Val Idator", password: "correct horse 1", terms: "on" }, maxRedirects: 0, headers: { Origin: origin } });
    expect(registered.headers().location).toMatch(/^\/verify/);
    await get(request, "unverified", "/verify");

    const started = Date.now();
    const errors = nuErrors(files);
    console.log(`Nu checker: ${files.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(errors, `Nu checker errors (pages kept in ${dir}):\n${errors.join("\n")}`).toEqual([]);
  });
});
