// The portfolio: project and game pages with their readmes, tabs, links,
// saves and comments; the owner's delete; the contact form's limits.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { e2eDatabaseUrl } from "./database";
import { expect, expectAccessible, test, unique } from "./fixtures";
import { logInAsOwner, OWNER_EMAIL } from "./owner";
import { signUp } from "./users";

const HEADER = "header h1";
const ROOT = path.resolve(import.meta.dirname, "../..");

const PROJECTS = [
  "campus-buysell",
  "color-tracker",
  "crop-recommendation",
  "expense-tracker",
  "face-detection",
  "grocery-delivery",
  "inventory-backend",
  "inventory-frontend",
  "pathfinding-visualizer",
  "trivia-api",
];
const GAMES = ["brick-breaker", "memory-match", "snake", "tic-tac-toe", "word-guess"];

/**
 * Adds a project or game file to the server's content folder, the way the
 * owner would (written aside, then renamed into place), and returns its id.
 * The server picks it up on the next request, without a restart.
 */
function addContent(kind: "project" | "game", title: string): string {
  const id = unique(`e2e-${kind}-`).toLowerCase();
  const folder = path.join(process.env.E2E_DIR!, "content", `${kind}s`);
  const links = kind === "game" ? "game_link: /games/snake/\nicon_link: /icons/games/snake.svg" : "github_link: https://github.com/jordan-avery/example\nicon_link: /icons/projects/trivia-api.svg";
  const text = `---\ntitle: ${title}\nshort_description: A ${kind} made for an end-to-end test.\n${links}\ncreated_at: 2025-01-01\n---\n\n## About ${title}\n\nWritten for a test.\n`;
  const temp = path.join(folder, `.${id}.tmp`);
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, path.join(folder, `${id}.mdx`));
  return id;
}

/** What a restart does before serving: migrations, the seed and the content sync, on the same database. */
function runStartUpAgain() {
  const dir = process.env.E2E_DIR!;
  execFileSync(process.execPath, [path.join(ROOT, "build/index.js"), "--seed-only"], {
    cwd: ROOT,
    stdio: "pipe",
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "e2e-session-secret",
      PUBLIC_URL: `http://localhost:${process.env.E2E_PORT}`,
      DATABASE_URL: e2eDatabaseUrl(),
      UPLOADS_DIR: path.join(dir, "uploads"),
      CONTENT_DIR: path.join(dir, "content"),
    },
  });
}

test.describe("project and game pages", () => {
  test("every project and game page renders its readme under the owner's header title", async ({ page }) => {
    for (const [kind, ids] of [
      ["project", PROJECTS],
      ["game", GAMES],
    ] as const) {
      for (const id of ids) {
        const response = await page.goto(`/${kind}/${id}`);
        expect(response?.status(), `/${kind}/${id}`).toBe(200);
        await expect(page.locator(HEADER)).toHaveText(`Jordan's ${kind}`);
        await expect(page.getByTestId("readme").locator("h2").first()).toBeVisible();
        await expect(page.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
      }
    }
  });

  test("tabs are URL state: ?show=about (default) and ?show=comments", async ({ page }) => {
    await page.goto("/project/trivia-api");
    await expect(page.getByRole("heading", { level: 2, name: "Trivia REST API", exact: true })).toBeVisible();
    await expect(page.getByTestId("readme")).toContainText("Express");
    await page.getByRole("link", { name: "Comments" }).click();
    await expect(page).toHaveURL(/\/project\/trivia-api\?show=comments$/);
    await expect(page.getByRole("link", { name: "Comments" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Comments" })).toBeVisible();
    await expect(page.getByTestId("readme")).toHaveCount(0);
    await page.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\?show=about$/);
    await expect(page.getByTestId("readme")).toBeVisible();
    // Straight to a tab by its URL.
    await page.goto("/game/snake?show=comments");
    await expect(page.getByRole("heading", { name: "Comments" })).toBeVisible();
    await expect(page.getByTestId("readme")).toHaveCount(0);
  });

  test("View Github, View Project and Play Game open in a new tab with rel noopener; a visitor sees no Delete", async ({ page, javaScriptEnabled }) => {
    await page.goto("/project/expense-tracker");
    const github = page.getByRole("link", { name: /View Github/ });
    await expect(github).toHaveAttribute("href", "https://github.com/jordan-avery/expense-tracker");
    await expect(github).toHaveAttribute("target", "_blank");
    await expect(github).toHaveAttribute("rel", /\bnoopener\b/);
    const view = page.getByRole("link", { name: /View Project/ });
    await expect(view).toHaveAttribute("target", "_blank");
    await expect(view).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(page.getByRole("link", { name: "Delete" })).toHaveCount(0);
    // No view link in its front matter, no button.
    await page.goto("/project/trivia-api");
    await expect(page.getByRole("link", { name: /View Github/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /View Project/ })).toHaveCount(0);

    await page.goto("/game/snake");
    const play = page.getByRole("link", { name: /Play Game/ });
    await expect(play).toHaveAttribute("href", "/games/snake/");
    await expect(play).toHaveAttribute("target", "_blank");
    await expect(play).toHaveAttribute("rel", /\bnoopener\b/);
    const [game] = await Promise.all([page.context().waitForEvent("page"), play.click()]);
    await game.waitForLoadState();
    await expect(game).toHaveURL(/\/games\/snake\/$/);
    await expect(game.getByRole("heading", { name: "Snake" })).toBeVisible();
    if (javaScriptEnabled) {
      // The game's own script runs under its page's security policy.
      await expect(game.locator("#status")).toHaveText("Press an arrow key or swipe to start.");
      await game.keyboard.press("ArrowUp");
      await expect(game.locator("#status")).toHaveText("");
    }
  });

  test("a missing project or game shows the not-exist message with Search", async ({ page }) => {
    for (const url of ["/project/no-such-project", "/game/no-such-game"]) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Hmm...this page doesn't exist. Try searching for something else.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Search" }).last()).toHaveAttribute("href", "/search");
    }
  });

  test("a visitor's Save, comment box and Create A Comment open the sign-up prompt for projects and games", async ({ page }) => {
    const project = addContent("project", "Visitor Project");
    await page.goto(`/project/${project}`);
    await page.getByRole("link", { name: /^Save \d/ }).click();
    await expect(page).toHaveURL(/signup=project-like/);
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.goto(`/project/${project}?show=comments`);
    await page.getByRole("link", { name: "Write a comment..." }).click();
    await expect(page).toHaveURL(/signup=project-comment/);
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.goto("/game/snake?show=comments");
    await page.getByRole("link", { name: /^Save \d/ }).click();
    await expect(page).toHaveURL(/signup=game-like/);
    await page.goto(`/project/${project}?show=comments`);
    await page.getByRole("link", { name: "Create A Comment" }).click();
    await expect(page).toHaveURL(/signup=project-comment/);
  });

  test("a signed-in user saves a project and a game and comments on both; the empty state comes first", async ({ page }) => {
    const project = addContent("project", "Saved Project");
    const game = addContent("game", "Saved Game");
    await signUp(page, { first: "Casey" });

    // A project: the empty state, then a comment from the inline box.
    await page.goto(`/project/${project}?show=comments`);
    await expect(page.getByRole("heading", { level: 2, name: "Saved Project", exact: true })).toBeVisible();
    const empty = page.getByTestId("comments-empty");
    await expect(empty).toContainText("Be the first to comment");
    await expect(empty).toContainText("Add your thoughts and get the conversation started.");
    await expect(empty.getByRole("link", { name: "Create A Comment" })).toBeVisible();
    // Refused input: the spec's message, and the draft stays (from the server without JS).
    await page.getByRole("button", { name: "Reply" }).click();
    await expect(page.getByText("Write something or add a photo.")).toBeVisible();
    // The message is the box's own (its ids hold once the browser has taken the form over).
    await expect(page.getByLabel("Comment", { exact: true })).toHaveAccessibleDescription("Write something or add a photo.");
    const tooLong = "x".repeat(495) + "\nabcd"; // 495 + 2 + 4 = 501 characters
    await page.getByLabel("Comment", { exact: true }).fill(tooLong);
    await page.getByRole("button", { name: "Reply" }).click();
    await expect(page.getByText("Error: Too many characters!")).toBeVisible();
    await expect(page.getByLabel("Comment", { exact: true })).toHaveValue(tooLong);
    await expect(page.getByTestId("comments-empty")).toBeVisible();
    const projectComment = `How long did this take? ${unique()}`;
    await page.getByLabel("Comment", { exact: true }).fill(projectComment);
    await page.getByRole("button", { name: "Reply" }).click();
    await expect(page).toHaveURL(new RegExp(`/project/${project}\\?show=comments#post-`));
    await expect(page.getByTestId("alert")).toContainText("Your reply was sent");
    await expect(page.getByTestId("comment")).toContainText(projectComment);
    await expect(page.getByTestId("comments-empty")).toHaveCount(0);
    // The box is empty again, without a leftover message.
    await expect(page.getByLabel("Comment", { exact: true })).toHaveValue("");
    await expect(page.getByText("Error: Too many characters!")).toHaveCount(0);

    // Save the project: "project saved." and Saved! with the count.
    await page.goto(`/project/${project}`);
    await page.getByRole("button", { name: /^Save/ }).click();
    await expect(page.getByRole("button", { name: /Saved!/ })).toContainText("1");
    await expect(page.getByTestId("alert")).toContainText("project saved.");
    await page.reload();
    await expect(page.getByRole("button", { name: /Saved!/ })).toContainText("1");

    // A game: Create A Comment opens the comment composer, which comes back to the comments tab.
    await page.goto(`/game/${game}?show=comments`);
    await expect(page.getByTestId("comments-empty")).toContainText("Be the first to comment");
    await page.getByRole("link", { name: "Create A Comment" }).click();
    await expect(page).toHaveURL(new RegExp(`/create/comment/${game}\\?type=game`));
    const gameComment = `Got 40 points ${unique()}`;
    await page.getByLabel("Comment text").fill(gameComment);
    await page.getByRole("button", { name: "Reply" }).click();
    await expect(page).toHaveURL(new RegExp(`/game/${game}\\?show=comments#post-`));
    await expect(page.getByTestId("comment")).toContainText(gameComment);
    await expect(page.getByRole("link", { name: "Comments" })).toContainText("1");

    await page.goto(`/game/${game}`);
    await page.getByRole("button", { name: /^Save/ }).click();
    await expect(page.getByTestId("alert")).toContainText("Game saved.");
    await expect(page.getByRole("button", { name: /Saved!/ })).toContainText("1");

    // The author deletes their comment and comes back to the game's comments.
    await page.goto(`/game/${game}?show=comments`);
    await page.getByTestId("comment").getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Comment?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(new RegExp(`/game/${game}\\?show=comments$`));
    await expect(page.getByTestId("alert")).toContainText("Comment Removed");
    await expect(page.getByTestId("comments-empty")).toBeVisible();
  });

  test("the owner deletes a game: confirmation, Your game was deleted, and it stays deleted after a restart", async ({ page }) => {
    const game = addContent("game", "Doomed Game");
    // The new file is a page at once.
    await page.goto(`/game/${game}`);
    await expect(page.getByRole("heading", { level: 2, name: "Doomed Game", exact: true })).toBeVisible();
    await expect(page.getByTestId("readme")).toContainText("Written for a test.");

    await logInAsOwner(page);
    await page.goto(`/game/${game}`);
    await page.getByRole("link", { name: "Delete" }).click();
    await expect(page).toHaveURL(/confirm=delete-game/);
    const dialog = page.getByRole("dialog", { name: "Delete Game?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete Game?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("alert")).toContainText("Your game was deleted");

    const gone = await page.goto(`/game/${game}`);
    expect(gone?.status()).toBe(410);
    await expect(page.getByText("Sorry, that game has been deleted.")).toBeVisible();

    // Restart: the start-up sync runs again with the file still in content/.
    expect(fs.existsSync(path.join(process.env.E2E_DIR!, "content", "games", `${game}.mdx`))).toBe(true);
    runStartUpAgain();
    const afterRestart = await page.goto(`/game/${game}`);
    expect(afterRestart?.status()).toBe(410);
    await expect(page.getByText("Sorry, that game has been deleted.")).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("link", { name: /Doomed Game/ })).toHaveCount(0);
  });

  test("project and game pages have no serious accessibility violations", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe runs as a script in the page; the js project covers the same HTML");
    for (const url of ["/project/trivia-api", "/project/expense-tracker?show=comments", "/game/snake", "/more/projects"]) {
      await page.goto(url);
      await expectAccessible(page);
    }
  });
});

test.describe("Contact Me", () => {
  test("a signed-in sender's address is filled in; too many messages are refused with a clear message", async ({ page }) => {
    const user = await signUp(page);
    await page.goto("/more/help");
    await expect(page.getByLabel("Your email")).toHaveValue(user.email);
    for (let i = 1; i <= 5; i++) {
      await page.getByLabel("Message", { exact: true }).fill(`Question number ${i}`);
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByTestId("alert")).toContainText("Email sent.");
      await page.goto("/more/help");
    }
    await page.getByLabel("Message", { exact: true }).fill("Question number 6");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("You have sent too many messages. Please try again in an hour.")).toBeVisible();
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Question number 6");
    await page.goto(`/dev/mail?to=${encodeURIComponent(OWNER_EMAIL)}`);
    await expect(page.getByTestId("mail").filter({ hasText: user.email }).filter({ hasText: "Question number" })).toHaveCount(5);
  });
});
