// The owner's MDX: front matter checks, rendering to HTML, and the cache that
// follows edits on disk.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { contentRoot, contentSignature, listContent, renderContent, warmContent } from "~/services/content.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-content-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(kind: string, name: string, text: string, mtime?: Date) {
  fs.mkdirSync(path.join(dir, kind), { recursive: true });
  const file = path.join(dir, kind, name);
  fs.writeFileSync(file, text);
  if (mtime) fs.utimesSync(file, mtime, mtime);
  return file;
}

const GOOD_GAME = `---
title: Pong
short_description: Two paddles and a ball.
game_link: /games/pong/
icon_link: /icons/games/pong.svg
created_at: 2024-05-01
---

## How to play

Move with the arrow keys.
`;

describe("front matter (listContent)", () => {
  const errors: string[] = [];
  const kindDir = "games";
  write(kindDir, "pong.mdx", GOOD_GAME);
  write(kindDir, "no-title.mdx", GOOD_GAME.replace("title: Pong\n", ""));
  write(kindDir, "bad-link.mdx", GOOD_GAME.replace("game_link: /games/pong/", "game_link: games/pong"));
  write(kindDir, "bad-date.mdx", GOOD_GAME.replace("created_at: 2024-05-01", "created_at: someday"));
  write(kindDir, "Bad_Name.mdx", GOOD_GAME);
  write(kindDir, "broken-yaml.mdx", GOOD_GAME.replace("title: Pong", "title: [Pong"));
  write(kindDir, "notes.txt", "not content");
  const entries = listContent("games", (m) => errors.push(m), dir);

  it("keeps the valid files with their parsed fields", () => {
    expect(entries.map((e) => e.id)).toEqual(["pong"]);
    expect(entries[0]!.data).toMatchObject({
      title: "Pong",
      game_link: "/games/pong/",
      created_at: new Date("2024-05-01").getTime(),
    });
  });

  it("reports each broken file by name and field instead of failing", () => {
    expect(errors).toHaveLength(5);
    const about = (name: string) => errors.find((e) => e.includes(name)) ?? "";
    expect(about("no-title.mdx")).toMatch(/games\/no-title\.mdx: title: /);
    expect(about("bad-link.mdx")).toMatch(/games\/bad-link\.mdx: game_link: must be a \/path or an http\(s\) URL/);
    expect(about("bad-date.mdx")).toMatch(/games\/bad-date\.mdx: created_at: must be a date like 2024-01-31/);
    expect(about("Bad_Name.mdx")).toMatch(/the file name must be lowercase letters, digits and hyphens/);
    expect(about("broken-yaml.mdx")).toMatch(/games\/broken-yaml\.mdx: /);
  });

  it("names every bad field of a file, not only the first", () => {
    const more: string[] = [];
    write("projects", "two-bad.mdx", "---\ntitle: ''\nshort_description: ok\ngithub_link: not-a-url\ncreated_at: 2024-01-01\n---\nText\n");
    listContent("projects", (m) => more.push(m), dir);
    expect(more).toHaveLength(1);
    expect(more[0]).toMatch(/projects\/two-bad\.mdx: title: .+; github_link: /);
  });

  it("a missing folder is simply empty", () => {
    expect(listContent("pages", () => {}, path.join(dir, "nowhere"))).toEqual([]);
  });
});

describe("renderContent", () => {
  it("renders headings, links and code blocks to plain HTML on the server", async () => {
    write(
      "pages",
      "sample.mdx",
      `---
title: Sample
---

## Getting started

Read the [FAQ](/more/faq) or the [source](https://github.com/jordan-avery/sample).

\`\`\`bash
npm install && npm start
\`\`\`

Inline \`code\` too.

![Screenshot](/img/shot.png)
`,
    );
    const page = await renderContent("pages", "sample", dir);
    expect(page?.title).toBe("Sample");
    const html = page!.html!;
    expect(html).toContain("<h2>Getting started</h2>");
    expect(html).toContain('<a href="/more/faq">FAQ</a>');
    // Other sites open in a new tab, without a handle on this one.
    expect(html).toContain('<a href="https://github.com/jordan-avery/sample" target="_blank" rel="noopener noreferrer">source</a>');
    expect(html).toContain('<pre tabindex="0"><code class="language-bash">npm install &amp;&amp; npm start\n</code></pre>');
    expect(html).toContain("<code>code</code>");
    expect(html).toMatch(/<img[^>]*loading="lazy"[^>]*src="\/img\/shot.png"|<img[^>]*src="\/img\/shot.png"[^>]*loading="lazy"/);
    // The front matter is not part of the page.
    expect(html).not.toContain("title: Sample");
  });

  it("is null for a missing file or an id that is not a file name", async () => {
    expect(await renderContent("pages", "nope", dir)).toBeNull();
    expect(await renderContent("pages", "../pages/sample", dir)).toBeNull();
  });

  it("re-renders a file edited on disk, without a restart", async () => {
    const file = write("projects", "live.mdx", "---\ntitle: Live\n---\n\n## First version\n", new Date("2024-01-01T00:00:00Z"));
    expect((await renderContent("projects", "live", dir))?.html).toBe("<h2>First version</h2>");
    // Cached while the file is unchanged.
    const again = await renderContent("projects", "live", dir);
    expect(again?.html).toBe("<h2>First version</h2>");
    fs.writeFileSync(file, "---\ntitle: Live\n---\n\n## Second version\n");
    fs.utimesSync(file, new Date("2024-01-02T00:00:00Z"), new Date("2024-01-02T00:00:00Z"));
    expect((await renderContent("projects", "live", dir))?.html).toBe("<h2>Second version</h2>");
  });

  it("a body that does not compile is logged by file name and rendered as null, not thrown", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    write("pages", "broken.mdx", "---\ntitle: Broken\n---\n\n<div>unclosed\n");
    const page = await renderContent("pages", "broken", dir);
    expect(page).toEqual({ html: null, title: "broken" });
    expect(log.mock.calls.some(([m]) => String(m).includes("pages/broken.mdx"))).toBe(true);
    log.mockRestore();
  });

  it("warmContent compiles every file once", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const count = await warmContent(dir);
    log.mockRestore();
    expect(count).toBeGreaterThanOrEqual(3);
  });

  it("the real content folder renders: ten projects, five games and the four pages", async () => {
    expect(contentRoot()).toBe(path.resolve("content"));
    const projects = listContent("projects", (m) => expect.fail(m));
    const games = listContent("games", (m) => expect.fail(m));
    expect(projects).toHaveLength(10);
    expect(games).toHaveLength(5);
    for (const { id } of projects) expect((await renderContent("projects", id))?.html).toMatch(/<h2>/);
    for (const { id } of games) expect((await renderContent("games", id))?.html).toMatch(/<h2>/);
    for (const id of ["about", "faq", "podcast", "open"]) expect((await renderContent("pages", id))?.html).toMatch(/<h2>/);
  });
});

describe("contentSignature", () => {
  it("changes when a file is added, edited or removed", () => {
    const before = contentSignature(["games"], dir);
    const file = write("games", "extra.mdx", GOOD_GAME);
    const added = contentSignature(["games"], dir);
    expect(added).not.toBe(before);
    fs.appendFileSync(file, "\nMore.\n");
    const edited = contentSignature(["games"], dir);
    expect(edited).not.toBe(added);
    fs.rmSync(file);
    expect(contentSignature(["games"], dir)).toBe(before);
  });
});
