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
import { seed } from "~/flows/seed.server";

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
async function someone() {
  n++;
  return insertUser({ campusId: "ou", firstName: `P${n}`, lastName: "T.", username: `pf-${n}`, email: `pf${n}@ou.edu`, verified: true, schoolVerified: true });
}
const totals = async () => {
  const u = (await getDb().select().from(schema.users).where(eq(schema.users.id, owner.id)))[0]!;
  return { projects: u.totalProjects, games: u.totalGames };
};
const restart = async () => seed({ demo: false, contentDir: dir });

beforeAll(async () => {
  project("alpha", { created: "2023-01-01" });
  project("beta", { created: "2023-06-01" });
  game("pong");
  game("tetris", "2024-02-01");
  await restart();
  owner = (await getUserByUsername("owner"))!;
});

describe("syncPortfolio", () => {
  it("adds a row for each file, recounting the owner's totals", async () => {
    expect((await getPortfolioItem("project", "alpha")).status).toBe("ok");
    expect((await getPortfolioItem("game", "pong")).status).toBe("ok");
    expect(await totals()).toEqual({ projects: 2, games: 2 });
  });

  it("adds new files and updates changed ones", async () => {
    project("gamma");
    project("alpha", { title: "Alpha, renamed", created: "2023-01-01" });
    await syncPortfolio(owner.id, dir);
    const alpha = await getPortfolioItem("project", "alpha");
    expect(alpha.status === "ok" && alpha.item.title).toBe("Alpha, renamed");
    expect((await getPortfolioItem("project", "gamma")).status).toBe("ok");
    expect((await totals()).projects).toBe(3);
  });

  it("hides a removed file's row but keeps its saves and comments; the file coming back shows them again", async () => {
    const fan = await someone();
    await toggleLike({ userId: fan.id, type: "project", id: "gamma", origin });
    await createPost({ authorId: fan.id, campusId: "ou", blocks: [{ text: "Nice" }], projectId: "gamma", media: [], origin });
    remove("projects", "gamma");
    await syncPortfolio(owner.id, dir);
    expect((await getPortfolioItem("project", "gamma")).status).toBe("missing");
    expect((await totals()).projects).toBe(2);
    project("gamma");
    await syncPortfolio(owner.id, dir);
    const back = await getPortfolioItem("project", "gamma", fan.id);
    expect(back.status === "ok" && [back.item.likeCount, back.item.commentCount, back.item.saved]).toEqual([1, 1, true]);
  });

  it("a broken file is reported and left out without stopping the others", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    fs.writeFileSync(path.join(dir, "games", "broken.mdx"), "---\ntitle: Broken\n---\n");
    await syncPortfolio(owner.id, dir);
    expect(log.mock.calls.map(([m]) => String(m)).join("\n")).toMatch(/games\/broken\.mdx: short_description: /);
    log.mockRestore();
    expect((await getPortfolioItem("game", "broken")).status).toBe("missing");
    expect((await getPortfolioItem("game", "pong")).status).toBe("ok");
    remove("games", "broken");
  });
});

describe("ensurePortfolioFresh", () => {
  it("syncs again only when a file was added, changed or removed while running", async () => {
    game("snake-two");
    expect((await getPortfolioItem("game", "snake-two")).status).toBe("missing");
    await ensurePortfolioFresh(dir);
    expect((await getPortfolioItem("game", "snake-two")).status).toBe("ok");
    remove("games", "snake-two");
    await ensurePortfolioFresh(dir);
    expect((await getPortfolioItem("game", "snake-two")).status).toBe("missing");
  });

  it("does not write when nothing changed", async () => {
    await ensurePortfolioFresh(dir);
    const before = (await getDb().select().from(schema.games));
    await getDb().update(schema.games).set({ title: "Edited in the database" }).where(eq(schema.games.id, "tetris"));
    await ensurePortfolioFresh(dir);
    const title = (await getDb().select().from(schema.games).where(eq(schema.games.id, "tetris")))[0]?.title;
    expect(title).toBe("Edited in the database"); // no sync ran
    await getDb().update(schema.games).set({ title: before.find((row) => row.id === "tetris")!.title }).where(eq(schema.games.id, "tetris"));
  });
});

describe("deletePortfolioItem", () => {
  async function gallery(kind: "game" | "project", id: string) {
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#c33" } }).png().toBuffer();
    const [m] = await storeMedia(`${kind}s/${id}`, [new File([new Uint8Array(png)], "shot.png", { type: "image/png" })]);
    await getDb()
      .insert(schema.media)
      .values({ id: newId(), [kind === "game" ? "gameId" : "projectId"]: id, kind: m!.kind, path: m!.path, name: m!.name, order: 1, width: m!.width, height: m!.height, variants: m!.variants, mimeType: m!.mimeType, size: m!.size });
    return `${m!.path}-${m!.variants![0]}.webp`;
  }

  it("only the owner may delete", async () => {
    const other = await someone();
    await expect(deletePortfolioItem("game", "pong", other)).rejects.toMatchObject({ status: 403 });
    expect((await getPortfolioItem("game", "pong")).status).toBe("ok");
  });

  it("removes gallery images, comments with their images and saves, the item's saves and notifications; decrements totalGames", async () => {
    const fan = await someone();
    const galleryFile = await gallery("game", "pong");
    const png = await sharp({ create: { width: 60, height: 60, channels: 3, background: "#3c3" } }).png().toBuffer();
    const commentId = newId();
    const commentMedia = await storeMedia(`posts/${commentId}`, [new File([new Uint8Array(png)], "c.png", { type: "image/png" })]);
    const comment = await createPost({ id: commentId, authorId: fan.id, campusId: "ou", blocks: [{ text: "High score 40" }], gameId: "pong", media: commentMedia, origin });
    const reply = await createPost({ authorId: owner.id, campusId: "ou", blocks: [{ text: "Nice!" }], parentId: comment.id, media: [], origin });
    await toggleLike({ userId: fan.id, type: "game", id: "pong", origin });
    await toggleLike({ userId: owner.id, type: "post", id: comment.id, origin });
    expect((await getThread({ gameId: "pong" }, "UTC")).comments).toHaveLength(1);
    const before = await totals();
    const storage = getStorage();
    expect(await storage.stat(galleryFile)).not.toBeNull();

    await deletePortfolioItem("game", "pong", owner);

    const db = getDb();
    expect((await getPortfolioItem("game", "pong")).status).toBe("deleted");
    expect(await totals()).toEqual({ projects: before.projects, games: before.games - 1 });
    expect(await storage.stat(galleryFile)).toBeNull();
    expect(await storage.stat(`${commentMedia[0]!.path}-${commentMedia[0]!.variants![0]}.webp`)).toBeNull();
    expect((await db.select().from(schema.media).where(eq(schema.media.gameId, "pong")))).toEqual([]);
    expect((await db.select().from(schema.posts).where(eq(schema.posts.gameId, "pong")))).toEqual([]);
    expect((await db.select().from(schema.posts).where(eq(schema.posts.id, reply.id)))).toEqual([]);
    expect((await db.select().from(schema.likes).where(and(eq(schema.likes.targetType, "game"), eq(schema.likes.targetId, "pong"))))).toEqual([]);
    expect((await db.select().from(schema.likes).where(eq(schema.likes.targetId, comment.id)))).toEqual([]);
    expect((await db.select().from(schema.notifications).where(eq(schema.notifications.gameId, "pong")))).toEqual([]);
    // Gone for saves and comments too.
    await expect(toggleLike({ userId: fan.id, type: "game", id: "pong", origin })).rejects.toThrow();
    await expect(createPost({ authorId: fan.id, campusId: "ou", blocks: [{ text: "Hello?" }], gameId: "pong", media: [], origin })).rejects.toThrow(
      new PostError("Sorry, that game has been deleted.", 404),
    );
  });

  it("stays deleted after a restart while its file is still in content/", async () => {
    expect(fs.existsSync(path.join(dir, "games", "pong.mdx"))).toBe(true);
    const before = await totals();
    await restart();
    await restart();
    expect((await getPortfolioItem("game", "pong")).status).toBe("deleted");
    expect(await totals()).toEqual(before);
    // Deleting twice says it is already gone.
    await expect(deletePortfolioItem("game", "pong", owner)).rejects.toMatchObject({ status: 410, message: "Sorry, that game has been deleted." });
  });

  it("a renamed file is a new item", async () => {
    fs.renameSync(path.join(dir, "games", "pong.mdx"), path.join(dir, "games", "pong-deluxe.mdx"));
    await restart();
    expect((await getPortfolioItem("game", "pong-deluxe")).status).toBe("ok");
    expect((await getPortfolioItem("game", "pong")).status).toBe("deleted");
  });

  it("when the images cannot be removed nothing is deleted: Couldn't delete project images / game images", async () => {
    await gallery("project", "beta");
    const spy = vi.spyOn(getStorage(), "remove").mockRejectedValue(new Error("disk says no"));
    const before = await totals();
    await expect(deletePortfolioItem("project", "beta", owner)).rejects.toEqual(new PortfolioError("Couldn't delete project images", 500));
    await expect(deletePortfolioItem("game", "tetris", owner)).resolves.toBeUndefined(); // no images: nothing to fail
    spy.mockRestore();
    expect((await getPortfolioItem("project", "beta")).status).toBe("ok");
    expect((await getDb().select().from(schema.media).where(eq(schema.media.projectId, "beta")))).toHaveLength(1);
    expect(await totals()).toEqual({ projects: before.projects, games: before.games - 1 });

    game("breakout");
    await restart();
    await gallery("game", "breakout");
    const again = vi.spyOn(getStorage(), "remove").mockRejectedValue(new Error("disk says no"));
    await expect(deletePortfolioItem("game", "breakout", owner)).rejects.toEqual(new PortfolioError("Couldn't delete game images", 500));
    again.mockRestore();
    expect((await getPortfolioItem("game", "breakout")).status).toBe("ok");
  });

  it("a missing item is a 404", async () => {
    await expect(deletePortfolioItem("project", "nope", owner)).rejects.toMatchObject({ status: 404 });
  });
});

describe("listPortfolioPage (profile tabs)", () => {
  it("pages the owner's projects newest first, 10 at a time", async () => {
    for (let i = 1; i <= 10; i++) project(`page-${String(i).padStart(2, "0")}`, { created: `2025-01-${String(i).padStart(2, "0")}` });
    await restart();
    const first = await listPortfolioPage("project", { ownerId: owner.id });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toEqual({ id: "page-10", title: "Project page-10", shortDescription: "About page-10.", iconLink: null });
    expect(first.items.map((p) => p.id).slice(0, 3)).toEqual(["page-10", "page-09", "page-08"]);
    expect(first.nextCursor).not.toBeNull();
    const second = await listPortfolioPage("project", { ownerId: owner.id, cursor: first.nextCursor });
    const all = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain("alpha");
    expect(all).toHaveLength((await totals()).projects);
    expect(second.nextCursor).toBeNull();
  });

  it("lists games without the deleted ones, and nothing for another user", async () => {
    const games = (await listPortfolioPage("game", { ownerId: owner.id })).items.map((g) => g.id);
    expect(games).not.toContain("pong");
    expect(games).not.toContain("tetris");
    expect(games).toContain("pong-deluxe");
    expect((await listPortfolioPage("game", { ownerId: (await someone()).id })).items).toEqual([]);
  });
});

describe("notifications to the owner", () => {
  it("a comment on a project and a save of a game name the item", async () => {
    const fan = await someone();
    await createPost({ authorId: fan.id, campusId: "ou", blocks: [{ text: "How long did it take?" }], projectId: "alpha", media: [], origin });
    await toggleLike({ userId: fan.id, type: "game", id: "pong-deluxe", origin });
    const messages = (await getDb()
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.actorId, fan.id)))
      .map((row) => [row.message, row.projectId ?? row.gameId]);
    expect(messages).toEqual(
      expect.arrayContaining([
        [`${fan.firstName} T. commented on your project`, "alpha"],
        [`${fan.firstName} T. saved your game`, "pong-deluxe"],
      ]),
    );
    const mail = (await getDb().select().from(schema.mail).where(eq(schema.mail.to, owner.email)));
    expect(mail.some((m) => m.html.includes("/project/alpha?show=comments#post-"))).toBe(true);
    expect(mail.some((m) => m.html.includes("/game/pong-deluxe"))).toBe(true);
  });
});
