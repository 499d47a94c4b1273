// The hot statements are prepared once per connection (services/db.server
// `prepared`), and on PostgreSQL each must settle on its generic plan after
// the first runs, as it does once the data is uneven the way a campus's is
// (a few posts with many comments and photos, most with one). PostgreSQL
// plans a prepared statement anew on every run whenever the plan it makes for
// the values at hand looks cheaper than the generic one, which happens when a
// parameter is compared with a skewed column (`parent_id = $1`): a
// millisecond of the database's CPU on every post page. docs/product.md §22.
import { eq, sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dialect } from "../../db/schema";
import { getFeedPage, getPost } from "~/models/posts.server";
import { sellerCard } from "~/models/reviews.server";
import { unreadCounts } from "~/models/messages.server";
import { insertUser } from "~/models/users.server";
import { seed } from "~/flows/seed.server";
import { getDb, newId, schema } from "~/services/db.server";

const TZ = "America/Chicago";
let viewer = "";
let author = "";
let fresh = "";

/** A statement on PostgreSQL's drizzle (typed like SQLite's everywhere else). */
const pgQuery = (query: SQL) => (getDb() as unknown as { execute(q: SQL): Promise<{ rows: Record<string, unknown>[] }> }).execute(query);

async function post(parentId: string | null = null) {
  const id = newId();
  const at = Date.now();
  await getDb()
    .insert(schema.posts)
    .values({ id, campusId: "ou", authorId: author, parentId, rootId: parentId, text: [{ text: parentId ? "A comment" : "A listing" }], createdAt: at, lastActivityAt: at });
  return id;
}

/** `count` copies of the post `id` under new ids, in one statement (a campus's worth of listings without comments). */
async function copies(id: string, count: number) {
  const { rows } = await pgQuery(sql`select column_name from information_schema.columns where table_name = 'posts' and column_name <> 'id'`);
  const columns = sql.raw(rows.map((r) => `"${String(r.column_name)}"`).join(", "));
  await pgQuery(sql`insert into posts (id, ${columns}) select ${id} || '-' || n, ${columns} from posts, generate_series(1, ${count}) n where posts.id = ${id}`);
}

async function photos(postId: string, count: number) {
  for (let order = 1; order <= count; order++) {
    await getDb()
      .insert(schema.media)
      .values({ id: newId(), postId, kind: "image", path: `p/${newId()}`, name: "photo.jpg", order, mimeType: "image/jpeg", size: 1000, width: 100, height: 100, variants: [100] });
  }
  await getDb().update(schema.posts).set({ imgCount: count }).where(eq(schema.posts.id, postId));
}

beforeAll(async () => {
  await seed({ demo: false });
  viewer = (await insertUser({ campusId: "ou", firstName: "Plan", lastName: "V.", username: "planv", email: "planv@ou.edu", verified: true, schoolVerified: true })).id;
  author = (await insertUser({ campusId: "ou", firstName: "Plan", lastName: "A.", username: "plana", email: "plana@ou.edu", verified: true, schoolVerified: true })).id;
  if (dialect !== "pg") return;
  // Uneven data: three busy posts and many without comments or photos, then the statistics a running database keeps.
  for (let busy = 0; busy < 3; busy++) {
    const id = await post();
    for (let c = 0; c < 40; c++) await post(id);
    await photos(id, 8);
  }
  await copies(await post(), 20_000);
  for (let n = 0; n < 60; n++) {
    await getDb().insert(schema.notifications).values({ id: newId(), userId: author, type: "comment", message: "A comment on your post" });
  }
  await pgQuery(sql`analyze`);
  // A new listing, unknown to those statistics, as most pages someone opens are.
  fresh = await post();
  for (let c = 0; c < 3; c++) await post(fresh);
  await photos(fresh, 2);
});

describe("prepared statements on PostgreSQL", () => {
  it.runIf(dialect === "pg")("settle on their generic plan instead of being planned on every run", async () => {
    // One after another, so the pool hands back the same connection (its statements are per connection).
    for (let run = 0; run < 8; run++) {
      const page = await getPost(fresh, TZ, viewer, { sellerCard: true, firstComments: true });
      expect(page.status === "ok" && page.thread?.comments).toHaveLength(3);
      expect((await getFeedPage({ campusId: "ou", timeZone: TZ, viewerId: viewer })).posts.length).toBeGreaterThan(0);
      await getFeedPage({ campusId: "ou", timeZone: TZ });
      await sellerCard(author);
      await unreadCounts(viewer, "some-chat");
    }
    const { rows } = await pgQuery(sql`select name, generic_plans, custom_plans from pg_prepared_statements where name like 'prepared\_%'`);
    const runs = rows.map((r) => ({ name: r.name, generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));
    const hot = runs.filter((r) => r.generic + r.custom >= 8);
    // The post with its card and first comments, both readers' feeds and the photos of each, the card alone, the counts.
    expect(hot.length).toBeGreaterThanOrEqual(7);
    expect(hot.filter((r) => r.generic === 0)).toEqual([]);
  });
});
