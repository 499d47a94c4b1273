// The block as a wall, at every entry point of the models and loaders: what
// either person reads of the other (a post's page, cards by id such as the
// chain above a reply, the profile's posts and videos, threads) and what
// either can send (a reply anywhere under the other's thread, a comment on
// the owner's game, a save); plus suspended authors and their listings.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blockUser } from "~/models/blocks.server";
import { toggleLike } from "~/models/likes.server";
import { renewToken, renewWithToken, sendRenewalReminders } from "~/models/listings.server";
import { createPost, getFeedPage, getPost, getPostViews, getThread, getVideoPage } from "~/models/posts.server";
import { suspendUser } from "~/models/suspensions.server";
import { getOwner, insertUser, type User } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import { createSessionCookie } from "~/services/session.server";
import { loader as profileLoader } from "~/routes/$username/route.server";
import { seed } from "~/flows/seed.server";

const origin = "http://localhost:3000";
const TZ = "UTC";
const CANT_INTERACT = "You can't interact with this person.";
let n = 0;

async function student(): Promise<User> {
  n++;
  return insertUser({ campusId: "ou", firstName: `W${n}`, lastName: "T.", username: `wall-${n}`, email: `wall${n}@ou.edu`, verified: true, schoolVerified: true });
}
const post = (authorId: string, text: string, extra: { parentId?: string; gameId?: string } = {}) =>
  createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin, ...extra });

beforeAll(() => seed({ demo: false }));

describe("reading across a block", () => {
  it("the other's post page is missing, both ways; a third person still sees it", async () => {
    const [a, b, c] = [await student(), await student(), await student()];
    const aPost = await post(a.id, "A's lamp");
    const bPost = await post(b.id, "B's desk");
    await blockUser(a.id, b.id);
    expect((await getPost(aPost.id, TZ, b.id)).status).toBe("missing");
    expect((await getPost(bPost.id, TZ, a.id)).status).toBe("missing");
    expect((await getPost(aPost.id, TZ, c.id)).status).toBe("ok");
    expect((await getPost(aPost.id, TZ, a.id)).status).toBe("ok");
  });

  it("cards by id (the chain above a reply), the profile's posts and videos, and threads leave the other out", async () => {
    const [a, b, c] = [await student(), await student(), await student()];
    const aPost = await post(a.id, "A's bike");
    const reply = await post(c.id, "C asks about the bike", { parentId: aPost.id });
    // A processed video on A's post (the Videos tab lists posts with a ready one).
    await getDb().insert(schema.media).values({ id: `${aPost.id}-v`, postId: aPost.id, kind: "video", path: `posts/${aPost.id}/1.mp4`, name: "bike.mp4", order: 1, mimeType: "video/mp4", size: 1, status: "ready" });
    await getDb().update(schema.posts).set({ vidCount: 1 }).where(eq(schema.posts.id, aPost.id));
    await blockUser(b.id, a.id);
    expect((await getPostViews([aPost.id, reply.id], TZ, b.id)).map((p) => p.id)).toEqual([reply.id]);
    const feed = await getFeedPage({ campusId: "ou", timeZone: TZ, authorId: a.id, viewerId: b.id, includeExpired: true });
    expect(feed.posts).toEqual([]);
    expect((await getVideoPage({ campusId: "ou", timeZone: TZ, authorId: a.id, viewerId: b.id })).posts).toEqual([]);
    expect((await getVideoPage({ campusId: "ou", timeZone: TZ, authorId: a.id, viewerId: c.id })).posts.map((p) => p.id)).toEqual([aPost.id]);
    // A's own comment under C's post is left out of the thread for B.
    const cPost = await post(c.id, "C's chair");
    await post(a.id, "A comments", { parentId: cPost.id });
    const thread = await getThread({ postId: cPost.id }, TZ, b.id);
    expect(JSON.stringify(thread)).not.toContain("A comments");
  });

  it("the profile loader lists none of the other's posts, projects or games (the page itself stays, to unblock or report)", async () => {
    const [a, b] = [await student(), await student()];
    await post(a.id, "A's shelf");
    await blockUser(a.id, b.id);
    const cookie = (await createSessionCookie(new Request(origin), b.id)).split(";")[0]!;
    for (const show of ["", "?show=videos", "?show=projects"]) {
      const data = (await profileLoader({ request: new Request(`${origin}/${a.username}${show}`, { headers: { Cookie: cookie } }), params: { username: a.username }, context: { cspNonce: "", clientIp: "127.0.0.1" } })) as {
        feed: { posts: unknown[] };
        portfolio: { items: unknown[] } | null;
      };
      expect(data.feed.posts).toEqual([]);
      expect(data.portfolio?.items ?? []).toEqual([]);
    }
  });
});

describe("writing across a block", () => {
  it("no reply to the other's post or comment, nor anywhere under a thread the other started; no save; both ways", async () => {
    const [a, b, c] = [await student(), await student(), await student()];
    const aPost = await post(a.id, "A's fridge");
    const cReply = await post(c.id, "C's question", { parentId: aPost.id });
    const bPost = await post(b.id, "B's rug");
    await blockUser(a.id, b.id);
    await expect(post(b.id, "B replies to A", { parentId: aPost.id })).rejects.toThrow(CANT_INTERACT);
    await expect(post(b.id, "B replies under A's thread", { parentId: cReply.id })).rejects.toThrow(CANT_INTERACT);
    await expect(post(a.id, "A replies to B", { parentId: bPost.id })).rejects.toThrow(CANT_INTERACT);
    await expect(toggleLike({ userId: b.id, type: "post", id: aPost.id, origin })).rejects.toThrow(CANT_INTERACT);
    await expect(toggleLike({ userId: a.id, type: "post", id: bPost.id, origin })).rejects.toThrow(CANT_INTERACT);
    // C, blocked by nobody, still replies and saves.
    await expect(post(c.id, "C again", { parentId: aPost.id })).resolves.toMatchObject({ rootId: aPost.id });
    await expect(toggleLike({ userId: c.id, type: "post", id: aPost.id, origin })).resolves.toMatchObject({ saved: true });
  });

  it("no comment on, or save of, a game of an owner who blocked you (or whom you blocked)", async () => {
    const owner = (await getOwner())!;
    const b = await student();
    await blockUser(b.id, owner.id);
    await expect(post(b.id, "On the game", { gameId: "snake" })).rejects.toThrow(CANT_INTERACT);
    await expect(toggleLike({ userId: b.id, type: "game", id: "snake", origin })).rejects.toThrow(CANT_INTERACT);
  });

  it("a reply is for its post's campus: from another campus's site the post is not there", async () => {
    const a = await student();
    const aPost = await post(a.id, "OU only");
    const b = await student();
    await expect(createPost({ authorId: b.id, campusId: "ut", blocks: [{ text: "From UT's site" }], media: [], origin, parentId: aPost.id })).rejects.toThrow(
      "Sorry, that post has been deleted.",
    );
  });
});

describe("a suspended author's listings", () => {
  it("get no renewal reminder, and the emailed renew link refuses them", async () => {
    const DAY = 24 * 3600_000;
    const now = Date.now();
    const [kept, suspended] = [await student(), await student()];
    const listingOf = async (authorId: string) => {
      const { id } = await createPost({ authorId, campusId: "ou", blocks: [{ text: "Old listing" }], media: [], origin, listing: { priceCents: 1000, isFree: false, priceTerms: null, condition: null, pickupSpot: null } });
      // 28 days without activity: within the 3 days before it expires.
      await getDb().update(schema.posts).set({ lastActivityAt: now - 28 * DAY, createdAt: now - 28 * DAY }).where(eq(schema.posts.id, id));
      return id;
    };
    const keptId = await listingOf(kept.id);
    const suspendedId = await listingOf(suspended.id);
    await suspendUser({ userId: suspended.id, permanent: true, reason: "Spam" });
    await sendRenewalReminders(now);
    const reminded = async (id: string) => (await getDb().select({ at: schema.posts.renewalRemindedAt }).from(schema.posts).where(eq(schema.posts.id, id)))[0]!.at;
    expect(await reminded(keptId)).toBe(now);
    expect(await reminded(suspendedId)).toBeNull();
    const token = renewToken(suspendedId, now - 28 * DAY, now + DAY);
    expect(await renewWithToken(suspendedId, token, now)).toEqual({ ok: false, reason: "suspended" });
  });
});
