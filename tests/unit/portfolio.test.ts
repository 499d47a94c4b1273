// Projects and games: rows in step with content/, the owner's delete (and that
// it survives a restart), profile paging, saves and comments on them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { toggleLike } from "~/models/likes.server";
import {
  deletePortfolioItem,
  ensurePortfolioFresh,
  getPortfolioItem,
  listPortfolioPage,
  PortfolioError,
  syncPortfolio,
} from "~/models/portfolio.server";
import { createPost, getThread, PostError } from "~/models/posts.server";
import { getUserByUsername, insertUser, type User } from "~/models/users.server";
import { getDb, newId, schema } from "~/services/db.server";
import { storeMedia } from "~/services/media.server";
import { getStorage } from "~/services/storage.server";
import { seed } from "../../db/seed";

const origin = "http://localhost:3000";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-portfolio-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function project(id: string, fields: { title?: string; created?: string } = {}) {
  fs.mkdirSync(path.join(dir, "projects"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "projects", `${id}.mdx`),
    `---\ntitle: ${fields.title ?? `Project ${id}`}\nshort_description: About ${id}.\ngithub_link: https://github.com/x/${id}\ncreated_at: ${fields.created ?? "2024-01-01"}\n---\n\n## ${id}\n`,
  );
}
function game(id: string, created = "2024-01-01") {
  fs.mkdirSync(path.join(dir, "games"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "games", `${id}.mdx`),
    `---\ntitle: Game ${id}\nshort_description: Play ${id}.\ngame_link: /games/${id}/\ncreated_at: ${created}\n---\n\n## How to play\n`,
  );
}
const remove = (kind: "projects" | "games", id: string) => fs.rmSync(path.join(dir, kind, `${id}.mdx`));

let owner: User;
let n = 0;
function someone() {
  n++;
  return insertUser({ campusId: "ou", firstName: `P${n}`, lastName: "T.", username: `pf-${n}`, email: `pf${n}@ou.edu`, verified: true, schoolVerified: true });
}
const totals = () => {
  const u = getDb().select().from(schema.users).where(eq(schema.users.id, owner.id)).get()!;
  return { projects: u.totalProjects, games: u.totalGames };
};
const restart = () => seed({ demo: false, contentDir: dir });

beforeAll(() => {
  project("alpha", { created: "2023-01-01" });
  project("beta", { created: "2023-06-01" });
  game("pong");
  game("tetris", "2024-02-01");
  restart();
  owner = getUserByUsername("owner")!;
});

describe("syncPortfolio", () => {
  it("adds a row for each file, recounting the owner's totals", () => {
    expect(getPortfolioItem("project", "alpha").status).toBe("ok");
    expect(getPortfolioItem("game", "pong").status).toBe("ok");
    expect(totals()).toEqual({ projects: 2, games: 2 });
  });

  it("adds new files and updates changed ones", () => {
    project("gamma");
    project("alpha", { title: "Alpha, renamed", created: "2023-01-01" });
    syncPortfolio(owner.id, dir);
    const alpha = getPortfolioItem("project", "alpha");
    expect(alpha.status === "ok" && alpha.item.title).toBe("Alpha, renamed");
    expect(getPortfolioItem("project", "gamma").status).toBe("ok");
    expect(totals().projects).toBe(3);
  });

  it("hides a removed file's row but keeps its saves and comments; the file coming back shows them again", () => {
    const fan = someone();
    toggleLike({ userId: fan.id, type: "project", id: "gamma", origin });
    createPost({ authorId: fan.id, campusId: "ou", blocks: [{ text: "Nice" }], projectId: "gamma", media: [], origin });
    remove("projects", "gamma");
    syncPortfolio(owner.id, dir);
    expect(getPortfolioItem("project", "gamma").status).toBe("missing");
    expect(totals().projects).toBe(2);
    project("gamma");
    syncPortfolio(owner.id, dir);
    const back = getPortfolioItem("project", "gamma", fan.id);
    expect(back.status === "ok" && [back.item.likeCount, back.item.commentCount, back.item.saved]).toEqual([1, 1, true]);
  });

  it("a broken file is reported and left out without stopping the others", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    fs.writeFileSync(path.join(dir, "games", "broken.mdx"), "---\ntitle: Broken\n---\n");
    syncPortfolio(owner.id, dir);
    expect(log.mock.calls.map(([m]) => String(m)).join("\n")).toMatch(/games\/broken\.mdx: short_description: /);
    log.mockRestore();
    expect(getPortfolioItem("game", "broken").status).toBe("missing");
    expect(getPortfolioItem("game", "pong").status).toBe("ok");
    remove("games", "broken");
  });
});

describe("ensurePortfolioFresh", () => {
  it("syncs again only when a file was added, changed or removed while running", () => {
    game("snake-two");
    expect(getPortfolioItem("game", "snake-two").status).toBe("missing");
    ensurePortfolioFresh(dir);
    expect(getPortfolioItem("game", "snake-two").status).toBe("ok");
    remove("games", "snake-two");
    ensurePortfolioFresh(dir);
    expect(getPortfolioItem("game", "snake-two").status).toBe("missing");
  });

  it("does not write when nothing changed", () => {
    ensurePortfolioFresh(dir);
    const before = getDb().select().from(schema.games).all();
    getDb().update(schema.games).set({ title: "Edited in the database" }).where(eq(schema.games.id, "tetris")).run();
    ensurePortfolioFresh(dir);
    const title = getDb().select().from(schema.games).where(eq(schema.games.id, "tetris")).get()?.title;
    expect(title).toBe("Edited in the database"); // no sync ran
    getDb().update(schema.games).set({ title: before.find((row) => row.id === "tetris")!.title }).where(eq(schema.games.id, "tetris")).run();
  });
});

describe("deletePortfolioItem", () => {
  async function gallery(kind: "game" | "project", id: string) {
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#c33" } }).png().toBuffer();
    const [m] = await storeMedia(`${kind}s/${id}`, [new File([new Uint8Array(png)], "shot.png", { type: "image/png" })]);
    getDb()
      .insert(schema.media)
      .values({ id: newId(), [kind === "game" ? "gameId" : "projectId"]: id, kind: m!.kind, path: m!.path, name: m!.name, order: 1, width: m!.width, height: m!.height, variants: m!.variants, mimeType: m!.mimeType, size: m!.size })
      .run();
    return `${m!.path}-${m!.variants![0]}.webp`;
  }

  it("only the owner may delete", async () => {
    const other = someone();
    await expect(deletePortfolioItem("game", "pong", other)).rejects.toMatchObject({ status: 403 });
    expect(getPortfolioItem("game", "pong").status).toBe("ok");
  });

  it("removes gallery images, comments with their images and saves, the item's saves and notifications; decrements totalGames", async () => {
    const fan = someone();
    const galleryFile = await gallery("game", "pong");
    const png = await sharp({ create: { width: 60, height: 60, channels: 3, background: "#3c3" } }).png().toBuffer();
    const commentId = newId();
    const commentMedia = await storeMedia(`posts/${commentId}`, [new File([new Uint8Array(png)], "c.png", { type: "image/png" })]);
    const comment = createPost({ id: commentId, authorId: fan.id, campusId: "ou", blocks: [{ text: "High score 40" }], gameId: "pong", media: commentMedia, origin });
    const reply = createPost({ authorId: owner.id, campusId: "ou", blocks: [{ text: "Nice!" }], parentId: comment.id, media: [], origin });
    toggleLike({ userId: fan.id, type: "game", id: "pong", origin });
    toggleLike({ userId: owner.id, type: "post", id: comment.id, origin });
    expect(getThread({ gameId: "pong" }, "UTC")).toHaveLength(1);
    const before = totals();
    const storage = getStorage();
    expect(await storage.stat(galleryFile)).not.toBeNull();

    await deletePortfolioItem("game", "pong", owner);

    const db = getDb();
    expect(getPortfolioItem("game", "pong").status).toBe("deleted");
    expect(totals()).toEqual({ projects: before.projects, games: before.games - 1 });
    expect(await storage.stat(galleryFile)).toBeNull();
    expect(await storage.stat(`${commentMedia[0]!.path}-${commentMedia[0]!.variants![0]}.webp`)).toBeNull();
    expect(db.select().from(schema.media).where(eq(schema.media.gameId, "pong")).all()).toEqual([]);
    expect(db.select().from(schema.posts).where(eq(schema.posts.gameId, "pong")).all()).toEqual([]);
    expect(db.select().from(schema.posts).where(eq(schema.posts.id, reply.id)).all()).toEqual([]);
    expect(db.select().from(schema.likes).where(and(eq(schema.likes.targetType, "game"), eq(schema.likes.targetId, "pong"))).all()).toEqual([]);
    expect(db.select().from(schema.likes).where(eq(schema.likes.targetId, comment.id)).all()).toEqual([]);
    expect(db.select().from(schema.notifications).where(eq(schema.notifications.gameId, "pong")).all()).toEqual([]);
    // Gone for saves and comments too.
    expect(() => toggleLike({ userId: fan.id, type: "game", id: "pong", origin })).toThrow();
    expect(() => createPost({ authorId: fan.id, campusId: "ou", blocks: [{ text: "Hello?" }], gameId: "pong", media: [], origin })).toThrow(
      new PostError("Sorry, that game has been deleted.", 404),
    );
  });

  it("stays deleted after a restart while its file is still in content/", async () => {
    expect(fs.existsSync(path.join(dir, "games", "pong.mdx"))).toBe(true);
    const before = totals();
    restart();
    restart();
    expect(getPortfolioItem("game", "pong").status).toBe("deleted");
    expect(totals()).toEqual(before);
    // Deleting twice says it is already gone.
    await expect(deletePortfolioItem("game", "pong", owner)).rejects.toMatchObject({ status: 410, message: "Sorry, that game has been deleted." });
  });

  it("a renamed file is a new item", () => {
    fs.renameSync(path.join(dir, "games", "pong.mdx"), path.join(dir, "games", "pong-deluxe.mdx"));
    restart();
    expect(getPortfolioItem("game", "pong-deluxe").status).toBe("ok");
    expect(getPortfolioItem("game", "pong").status).toBe("deleted");
  });

  it("when the images cannot be removed nothing is deleted: Couldn't delete project images / game images", async () => {
    await gallery("project", "beta");
    const spy = vi.spyOn(getStorage(), "remove").mockRejectedValue(new Error("disk says no"));
    const before = totals();
    await expect(deletePortfolioItem("project", "beta", owner)).rejects.toEqual(new PortfolioError("Couldn't delete project images", 500));
    await expect(deletePortfolioItem("game", "tetris", owner)).resolves.toBeUndefined(); // no images: nothing to fail
    spy.mockRestore();
    expect(getPortfolioItem("project", "beta").status).toBe("ok");
    expect(getDb().select().from(schema.media).where(eq(schema.media.projectId, "beta")).all()).toHaveLength(1);
    expect(totals()).toEqual({ projects: before.projects, games: before.games - 1 });

    game("breakout");
    restart();
    await gallery("game", "breakout");
    const again = vi.spyOn(getStorage(), "remove").mockRejectedValue(new Error("disk says no"));
    await expect(deletePortfolioItem("game", "breakout", owner)).rejects.toEqual(new PortfolioError("Couldn't delete game images", 500));
    again.mockRestore();
    expect(getPortfolioItem("game", "breakout").status).toBe("ok");
  });

  it("a missing item is a 404", async () => {
    await expect(deletePortfolioItem("project", "nope", owner)).rejects.toMatchObject({ status: 404 });
  });
});

describe("listPortfolioPage (profile tabs)", () => {
  it("pages the owner's projects newest first, 10 at a time", () => {
    for (let i = 1; i <= 10; i++) project(`page-${String(i).padStart(2, "0")}`, { created: `2025-01-${String(i).padStart(2, "0")}` });
    restart();
    const first = listPortfolioPage("project", { ownerId: owner.id });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toEqual({ id: "page-10", title: "Project page-10", shortDescription: "About page-10.", iconLink: null });
    expect(first.items.map((p) => p.id).slice(0, 3)).toEqual(["page-10", "page-09", "page-08"]);
    expect(first.nextCursor).not.toBeNull();
    const second = listPortfolioPage("project", { ownerId: owner.id, cursor: first.nextCursor });
    const all = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain("alpha");
    expect(all).toHaveLength(totals().projects);
    expect(second.nextCursor).toBeNull();
  });

  it("lists games without the deleted ones, and nothing for another user", () => {
    const games = listPortfolioPage("game", { ownerId: owner.id }).items.map((g) => g.id);
    expect(games).not.toContain("pong");
    expect(games).not.toContain("tetris");
    expect(games).toContain("pong-deluxe");
    expect(listPortfolioPage("game", { ownerId: someone().id }).items).toEqual([]);
  });
});

describe("notifications to the owner", () => {
  it("a comment on a project and a save of a game name the item", () => {
    const fan = someone();
    createPost({ authorId: fan.id, campusId: "ou", blocks: [{ text: "How long did it take?" }], projectId: "alpha", media: [], origin });
    toggleLike({ userId: fan.id, type: "game", id: "pong-deluxe", origin });
    const messages = getDb()
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.actorId, fan.id))
      .all()
      .map((row) => [row.message, row.projectId ?? row.gameId]);
    expect(messages).toEqual(
      expect.arrayContaining([
        [`${fan.firstName} T. commented on your project`, "alpha"],
        [`${fan.firstName} T. saved your game`, "pong-deluxe"],
      ]),
    );
    const mail = getDb().select().from(schema.mail).where(eq(schema.mail.to, owner.email)).all();
    expect(mail.some((m) => m.html.includes("/project/alpha?show=comments#post-"))).toBe(true);
    expect(mail.some((m) => m.html.includes("/game/pong-deluxe"))).toBe(true);
  });
});
