// Idempotent seed: run at every start. Campuses, the owner, the portfolio rows
// from content/, and (outside production) a few demo users and posts.
import { and, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { pickupSpotsFor } from "~/data/pickup-spots";
import { seedBannedEmails } from "~/models/banned-emails.server";
import { CAMPUSES, resetCampusCache } from "~/models/campuses.server";
import { seedMoveOutWeeks } from "~/models/move-out.server";
import { syncPortfolio } from "~/models/portfolio.server";
import { getOwner, getUserByEmail, insertUser, markOwner } from "~/models/users.server";
import { config } from "~/services/config.server";
import { getDb, newId, schema, transaction } from "~/services/db.server";
import { storeMedia } from "~/services/media.server";
import { DEMO_LISTINGS, drawListingPhoto } from "./demo-listings.server";

export async function seed(opts: { demo?: boolean; contentDir?: string } = {}) {
  const cfg = config();
  const db = getDb();
  for (const campus of CAMPUSES) {
    await db.insert(schema.campuses)
      .values(campus)
      .onConflictDoUpdate({ target: schema.campuses.id, set: campus });
  }
  resetCampusCache();
  await seedMoveOutWeeks(CAMPUSES.map((c) => c.id));
  await seedBannedEmails();

  // The owner is an id, marked once: renaming the account (or someone else taking
  // the name) moves nothing. A database from before the mark adopts the account
  // the seed made then, found by OWNER_EMAIL as the seed always found it.
  let owner = await getOwner();
  if (!owner) {
    owner = (await getUserByEmail(cfg.owner.email)) ?? (await createOwner(cfg.owner));
    await markOwner(owner.id);
  }
  await syncPortfolio(owner.id, opts.contentDir);

  if (opts.demo ?? cfg.seedDemo) await seedDemo();
}

function createOwner(owner: { username: string; email: string; name: string }) {
  const [first = "Owner", ...rest] = owner.name.split(/\s+/);
  const last = rest.pop() ?? "";
  return insertUser({
    campusId: "ou",
    firstName: first,
    lastName: last ? `${last[0]!.toUpperCase()}.` : "",
    username: owner.username,
    email: owner.email,
    bio: "Student developer. I build web apps, small games and the occasional ML model.",
    verified: true,
    schoolVerified: true,
    profileSetUp: true,
    gettingStarted: false,
  });
}

const DEMO_PEOPLE = [
  ["Avery", "Lopez"],
  ["Sam", "Nguyen"],
  ["Riley", "Okafor"],
] as const;

/**
 * A few users per campus and their listings, so a fresh install shows a
 * marketplace. Users once; listings once (a database seeded before listings
 * existed gets them on its next start). Photos are stored before the rows
 * (no file I/O inside the transaction).
 */
async function seedDemo() {
  const db = getDb();
  const people = await ensureDemoPeople();
  const demoIds = [...people.values()].flat();
  const [listed] = await db
    .select({ n: count() })
    .from(schema.posts)
    .where(and(inArray(schema.posts.authorId, demoIds), isNotNull(schema.posts.priceCents)));
  if ((listed?.n ?? 0) > 0) return;

  const start = Date.now() - 3 * 24 * 3600_000;
  let tick = 0;
  const rows: (typeof schema.posts.$inferInsert)[] = [];
  const media: (typeof schema.media.$inferInsert)[] = [];
  const counts = new Map<string, number>();
  for (const [c, campus] of CAMPUSES.entries()) {
    const spots = pickupSpotsFor(campus.id);
    for (const [j, listing] of DEMO_LISTINGS.entries()) {
      const id = newId();
      const authorId = people.get(campus.id)![j % DEMO_PEOPLE.length]!;
      const at = start + ++tick * 37 * 60_000;
      if (listing.drawing) {
        const png = await drawListingPhoto(listing.drawing, c + j);
        const [stored] = await storeMedia(`posts/${id}`, [new File([new Uint8Array(png)], `${listing.drawing}.png`, { type: "image/png" })]);
        media.push({ id: newId(), postId: id, ...stored! });
      }
      rows.push({
        id,
        campusId: campus.id,
        authorId,
        text: listing.text.map((text) => ({ text })),
        category: listing.category,
        priceCents: listing.priceCents,
        isFree: listing.isFree ?? false,
        priceTerms: listing.priceTerms ?? null,
        condition: listing.condition ?? null,
        pickupSpot: listing.spot === undefined ? null : spots[Math.min(listing.spot, spots.length - 1)]!.id,
        status: listing.status ?? "available",
        imgCount: listing.drawing ? 1 : 0,
        createdAt: at,
        lastActivityAt: at,
        updatedAt: at,
      });
      counts.set(authorId, (counts.get(authorId) ?? 0) + 1);
    }
  }
  await transaction(async (tx) => {
    await tx.insert(schema.posts).values(rows);
    if (media.length) await tx.insert(schema.media).values(media);
    for (const [userId, n] of counts) {
      await tx.update(schema.users).set({ totalPosts: sql`${schema.users.totalPosts} + ${n}` }).where(eq(schema.users.id, userId));
    }
  });
}

/** The demo users of every campus (made on the first start), by campus. */
async function ensureDemoPeople(): Promise<Map<string, string[]>> {
  const byCampus = new Map<string, string[]>();
  await transaction(async (tx) => {
    for (const campus of CAMPUSES) {
      const ids: string[] = [];
      for (const [first, last] of DEMO_PEOPLE) {
        const username = `${first}${last[0]}-${campus.id}`.toLowerCase();
        const email = `demo-${username}@example.com`;
        const [found] = await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)).limit(1);
        if (found) {
          ids.push(found.id);
          continue;
        }
        const userId = newId();
        await tx.insert(schema.users).values({
          id: userId,
          campusId: campus.id,
          firstName: first,
          lastName: `${last[0]}.`,
          username,
          email,
          schoolEmail: campus.emailDomain ? `${username}@${campus.emailDomain}` : null,
          bio: `Demo account at ${campus.name}.`,
          verified: true,
          schoolVerified: true,
          profileSetUp: true,
        });
        ids.push(userId);
      }
      byCampus.set(campus.id, ids);
    }
  });
  return byCampus;
}
