// Idempotent seed: run at every start. Campuses, the owner, the portfolio rows
// from content/, and (outside production) a few demo users and posts.
import { and, count, eq, like } from "drizzle-orm";
import { seedBannedEmails } from "../app/models/banned-emails.server";
import { CAMPUSES, resetCampusCache } from "../app/models/campuses.server";
import { syncPortfolio } from "../app/models/portfolio.server";
import { getOwner, getUserByEmail, insertUser, markOwner } from "../app/models/users.server";
import { config } from "../app/services/config.server";
import { getDb, newId, schema, transaction } from "../app/services/db.server";

export async function seed(opts: { demo?: boolean; contentDir?: string } = {}) {
  const cfg = config();
  const db = getDb();
  for (const campus of CAMPUSES) {
    await db.insert(schema.campuses)
      .values(campus)
      .onConflictDoUpdate({ target: schema.campuses.id, set: campus });
  }
  resetCampusCache();
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

const DEMO_POSTS: { text: string[]; category: string | null }[] = [
  { text: ["Selling my calculus textbook (Stewart, 8th edition).", "Barely highlighted. $40, can meet at the library."], category: "books movies & music" },
  { text: ["Mini fridge for sale, works great, fits under a dorm desk. $60."], category: "household" },
  { text: ["Anyone have two tickets for Saturday's game? Will pay face value."], category: "tickets" },
  { text: ["Moving out sale: desk lamp $8, shoe rack $10, full-size mattress topper $25."], category: "furniture" },
];

/** A handful of users and posts per campus so a fresh install has something to browse. */
async function seedDemo() {
  const db = getDb();
  const [already] = await db
    .select({ n: count() })
    .from(schema.users)
    .where(like(schema.users.email, "demo-%@example.com"));
  if ((already?.n ?? 0) > 0) return;

  const start = Date.now() - 3 * 24 * 3600_000;
  let tick = 0;
  await transaction(async (tx) => {
    for (const campus of CAMPUSES) {
      for (const [i, [first, last]] of DEMO_PEOPLE.entries()) {
        const userId = newId();
        const username = `${first}${last[0]}-${campus.id}`.toLowerCase();
        await tx.insert(schema.users)
          .values({
            id: userId,
            campusId: campus.id,
            firstName: first,
            lastName: `${last[0]}.`,
            username,
            email: `demo-${username}@example.com`,
            schoolEmail: campus.emailDomain ? `${username}@${campus.emailDomain}` : null,
            bio: `Demo account at ${campus.name}.`,
            verified: true,
            schoolVerified: true,
            profileSetUp: true,
          });
        const mine = DEMO_POSTS.filter((_, j) => j % DEMO_PEOPLE.length === i || j === 3 - i);
        for (const p of mine) {
          const at = start + ++tick * 37 * 60_000;
          await tx.insert(schema.posts)
            .values({
              id: newId(),
              campusId: campus.id,
              authorId: userId,
              text: p.text.map((text) => ({ text })),
              category: p.category,
              createdAt: at,
              lastActivityAt: at,
              updatedAt: at,
            });
        }
        await tx.update(schema.users)
          .set({ totalPosts: mine.length })
          .where(and(eq(schema.users.id, userId)));
      }
    }
  });
}
