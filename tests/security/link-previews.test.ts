// Link previews against raw requests, as a link-preview crawler sends them: a
// post page carries Open Graph and Twitter card tags whose URLs are on the
// campus's configured origin whatever Host (or forwarded host) the request
// named, its image answers as an image; a hidden, removed, expired or missing
// post answers with none of them; profiles and projects have theirs.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import type * as Db from "~/services/db.server";
import { decodeEntities, postForm, rawRequest, serverUrl } from "./client";
import { closing, fieldPart, MULTIPART, partHead } from "./stream";
import { createPostAs, signUpStudent, usernameOf, type SecurityUser } from "./users";

type Models = { db: ReturnType<typeof Db.createDbClient>["db"]; schema: typeof Db.schema; close: () => Promise<void> };
let m: Models;

beforeAll(async () => {
  // The tables are chosen by DATABASE_URL when db/schema loads: the server's, before any import of it.
  process.env.DATABASE_URL = inject("serverDatabaseUrl");
  const dbModule = await import("~/services/db.server");
  const client = dbModule.createDbClient(inject("serverDatabaseUrl"));
  m = { db: client.db, schema: dbModule.schema, close: () => client.close() };
});
afterAll(async () => await m?.close());

const as = (user: SecurityUser) => ({ Cookie: user.cookie });
const port = () => new URL(serverUrl()).port;
/** OU's configured site in this suite's server (CAMPUS_ORIGINS). */
const ouOrigin = () => `http://oubuysell.localhost:${port()}`;

/** The document's meta and link tags: property or name → content (href for a link). */
function headTags(html: string): Map<string, string> {
  const head = html.slice(0, html.indexOf("</head>"));
  const tags = new Map<string, string>();
  for (const [tag] of head.matchAll(/<(?:meta|link)\b[^>]*>/g)) {
    const key = /\b(?:property|name|rel)="([^"]+)"/.exec(tag)?.[1];
    const value = /\b(?:content|href)="([^"]*)"/.exec(tag)?.[1];
    if (key && value !== undefined) tags.set(key, decodeEntities(value));
  }
  const title = /<title>([\s\S]*?)<\/title>/.exec(head)?.[1];
  if (title !== undefined) tags.set("title", decodeEntities(title));
  return tags;
}

const PREVIEW_KEYS = ["og:title", "og:description", "og:image", "og:url", "og:site_name", "twitter:card", "canonical"];
const previewTags = (tags: Map<string, string>) => PREVIEW_KEYS.filter((k) => tags.has(k));

/** A listing with a photo wide enough for the 1200 px preview, through the no-JS composer. */
async function listingWithPhoto(author: SecurityUser, text: string): Promise<string> {
  const png = await sharp({ create: { width: 1700, height: 1000, channels: 3, background: "#2a7" } }).png().toBuffer();
  const fields = { intent: "send", target: "post", text, category: "all", price: "35", priceTerms: "firm", condition: "like-new" };
  const body = Buffer.concat([...Object.entries(fields).map(([name, value]) => fieldPart(name, value)), partHead("files", "desk.png"), png, Buffer.from("\r\n"), closing()]);
  const sent = await rawRequest("/create/post?goBack=%2Fhome", { method: "POST", headers: { "Content-Type": MULTIPART, Origin: new URL(serverUrl()).origin, ...as(author) }, body });
  expect(sent.status, sent.body.slice(0, 500)).toBe(302);
  const feed = (await rawRequest("/home", { headers: as(author) })).body;
  const at = feed.indexOf(text.slice(0, 30));
  const id = at >= 0 ? [...feed.slice(0, at).matchAll(/<article class="card post-card" id="post-([\w-]+)"/g)].at(-1)?.[1] : undefined;
  if (!id) throw new Error(`The new listing "${text}" is not on the feed`);
  return id;
}

describe("a post page's preview", () => {
  it("has every tag, on the configured origin whatever the Host or X-Forwarded-Host, and its image answers as an image", async () => {
    const seller = await signUpStudent();
    const text = `Oak standing desk with a cable tray and two drawers, barely used this semester ${Date.now()}\nPickup by the union`;
    const id = await listingWithPhoto(seller, text);
    const answers = await Promise.all([
      rawRequest(`/post/${id}`),
      rawRequest(`/post/${id}`, { headers: { Host: `oubuysell.localhost:${port()}` } }),
      rawRequest(`/post/${id}`, { headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https", Forwarded: "host=evil.example" } }),
    ]);
    const all = answers.map((a) => {
      expect(a.status).toBe(200);
      return headTags(a.body);
    });
    const tags = all[0]!;
    expect(tags.get("og:title")).toBe(text.split("\n")[0]!.slice(0, 69).trimEnd() + "…");
    expect(tags.get("og:title")!.length).toBeLessThanOrEqual(70);
    expect(tags.get("og:description")).toBe("$35 Firm · Like new · OU BuySell");
    expect(tags.get("og:site_name")).toBe("OU BuySell");
    expect(tags.get("twitter:card")).toBe("summary_large_image");
    expect(tags.get("og:url")).toBe(`${ouOrigin()}/post/${id}`);
    expect(tags.get("canonical")).toBe(`${ouOrigin()}/post/${id}`);
    expect(tags.get("og:image")).toMatch(new RegExp(`^${ouOrigin()}/media/posts/${id}/[\\w./-]+-1600\\.webp$`));
    expect(tags.get("og:image:width")).toBe("1600");
    expect(tags.get("title")).toMatch(/'s post \| OU BuySell$/);
    // The same tags whichever of our hosts was asked, and never a host from the request.
    for (const other of all.slice(1)) expect(Object.fromEntries(other)).toEqual(Object.fromEntries(tags));
    for (const a of answers) expect(a.body).not.toContain("evil.example");

    const image = await rawRequest(new URL(tags.get("og:image")!).pathname);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toMatch(/^image\//);
  });

  it("a post without a photo shows the campus card, which answers as a PNG", async () => {
    const author = await signUpStudent();
    const id = await createPostAs(author, `Study group for calculus tonight ${Date.now()}`);
    const tags = headTags((await rawRequest(`/post/${id}`)).body);
    expect(tags.get("og:image")).toBe(`${ouOrigin()}/cards/ou.png`);
    expect(tags.get("og:description")).toBe("OU BuySell");
    const card = await rawRequest("/cards/ou.png");
    expect(card.status).toBe(200);
    expect(card.headers["content-type"]).toBe("image/png");
  });

  it("a hidden, removed, expired or missing post answers without any of them", async () => {
    const author = await signUpStudent();
    const hidden = await createPostAs(author, `Hidden lamp ${Date.now()}`, { price: "10" });
    const removed = await createPostAs(author, `Removed chair ${Date.now()}`, { price: "10" });
    const expired = await createPostAs(author, `Expired rug ${Date.now()}`, { price: "10" });
    await m.db.update(m.schema.posts).set({ hiddenAt: Date.now() }).where(eq(m.schema.posts.id, hidden));
    await m.db.update(m.schema.posts).set({ lastActivityAt: Date.now() - 31 * 24 * 3600_000 }).where(eq(m.schema.posts.id, expired));
    expect((await postForm(`/post/${removed}`, { intent: "delete", returnTo: "/home" }, as(author))).status).toBe(302);

    const cases: [string, string, Record<string, string>][] = [
      ["hidden, to a visitor", `/post/${hidden}`, {}],
      ["hidden, to its author", `/post/${hidden}`, as(author)],
      ["removed", `/post/${removed}`, {}],
      ["expired", `/post/${expired}`, {}],
      ["missing", "/post/no-such-post-123", {}],
    ];
    for (const [what, path, headers] of cases) {
      const page = await rawRequest(path, { headers });
      const tags = headTags(page.body);
      expect(previewTags(tags), what).toEqual([]);
      expect(page.body, what).not.toContain("og:");
      expect(tags.get("title"), what).toMatch(/OU BuySell$/);
    }
  });
});

describe("profiles and projects", () => {
  it("a profile previews its name and a project its title and description, on the configured origin", async () => {
    const student = await signUpStudent({ name: "Avery Preview" });
    const username = await usernameOf(student);
    const profile = headTags((await rawRequest(`/${username}`)).body);
    expect(profile.get("og:title")).toBe("Avery P.");
    expect(profile.get("og:url")).toBe(`${ouOrigin()}/${username}`);
    expect(profile.get("og:image")).toBe(`${ouOrigin()}/cards/ou.png`);
    expect(profile.get("twitter:card")).toBe("summary_large_image");

    const [project] = await m.db.select().from(m.schema.projects).limit(1);
    const tags = headTags((await rawRequest(`/project/${project!.id}`)).body);
    expect(tags.get("og:title")).toBe(project!.title);
    expect(tags.get("og:description")).toBe(project!.shortDescription);
    expect(tags.get("og:url")).toBe(`${ouOrigin()}/project/${project!.id}`);
    expect(tags.get("og:site_name")).toBe("OU BuySell");

    // A profile hidden by reports is not previewed.
    await m.db.update(m.schema.users).set({ hiddenAt: Date.now() }).where(eq(m.schema.users.username, username));
    expect(previewTags(headTags((await rawRequest(`/${username}`)).body))).toEqual([]);
  });
});
