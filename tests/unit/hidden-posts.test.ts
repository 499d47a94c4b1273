// A post or comment hidden by reports (docs/product.md §12) is not there for anyone but
// its author and the moderators: not to see, and not to save, reply to or
// message its seller about either (its page is a 404 for them, and so is
// every form that names it).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { commentTargetExists, submitPost } from "~/flows/post-submission.server";
import { LikeError, toggleLike } from "~/models/likes.server";
import { MessageError, startConversation } from "~/models/messages.server";
import { createPost, getPost, isPostHiddenFrom } from "~/models/posts.server";
import { getOwner, insertUser, type User } from "~/models/users.server";
import { getDb, schema } from "~/services/db.server";
import { seed } from "~/flows/seed.server";

const origin = "http://localhost:3000";
let n = 0;

beforeAll(() => seed({ demo: false }));

/** An OU student (school-verified on "ou"). */
async function student(opts: { isModerator?: boolean } = {}): Promise<User> {
  n++;
  return insertUser({
    campusId: "ou",
    firstName: `Hid${n}`,
    lastName: "H.",
    username: `hidden-${n}`,
    email: `hidden${n}@ou.edu`,
    verified: true,
    role: opts.isModerator ? "moderator" : "member",
  });
}

const newPost = async (authorId: string, text: string, parentId?: string) =>
  (await createPost({ authorId, campusId: "ou", blocks: [{ text }], media: [], origin, parentId, listing: parentId ? undefined : { priceCents: 2500, isFree: false, priceTerms: null, condition: null, pickupSpot: null } })).id;

const hide = async (postId: string) => getDb().update(schema.posts).set({ hiddenAt: Date.now() }).where(eq(schema.posts.id, postId));

const likesOf = async (postId: string) => getDb().select().from(schema.likes).where(and(eq(schema.likes.targetType, "post"), eq(schema.likes.targetId, postId)));
const repliesTo = async (postId: string) => getDb().select({ id: schema.posts.id }).from(schema.posts).where(eq(schema.posts.parentId, postId));

function replyForm(text: string): FormData {
  const form = new FormData();
  form.set("text", text);
  return form;
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => (error instanceof MessageError ? [error.status, error.message] : error instanceof LikeError ? "LikeError" : error),
  );
}

describe("hidden by reports", () => {
  it("a hidden post or comment is hidden from everyone but its author, the moderators and the owner; a visible one from no one", async () => {
    const [author, other, moderator] = [await student(), await student(), await student({ isModerator: true })];
    const owner = (await getOwner())!;
    const post = await newPost(author.id, "Phone, too cheap");
    const comment = await newPost(author.id, "DM me", post);
    for (const id of [post, comment]) {
      expect(await isPostHiddenFrom(id, other.id)).toBe(false);
      await hide(id);
      expect(await isPostHiddenFrom(id, other.id)).toBe(true);
      expect(await isPostHiddenFrom(id, null)).toBe(true);
      expect(await isPostHiddenFrom(id, author.id)).toBe(false);
      expect(await isPostHiddenFrom(id, moderator.id)).toBe(false);
      expect(await isPostHiddenFrom(id, owner.id)).toBe(false);
      // The same rule as its page.
      expect((await getPost(id, "UTC", other.id)).status).toBe("missing");
      expect((await getPost(id, "UTC", author.id)).status).toBe("ok");
    }
    expect(await isPostHiddenFrom("no-such-post", other.id)).toBe(false);
  });

  it("saving a hidden post: refused for others (no save, no notification); its author and a moderator can", async () => {
    const [author, other, moderator] = [await student(), await student(), await student({ isModerator: true })];
    const post = await newPost(author.id, "Designer bag");
    await hide(post);
    expect(await refusal(toggleLike({ userId: other.id, type: "post", id: post, origin }))).toBe("LikeError");
    expect(await likesOf(post)).toHaveLength(0);
    expect(await getDb().select().from(schema.notifications).where(eq(schema.notifications.userId, author.id))).toHaveLength(0);
    expect((await toggleLike({ userId: author.id, type: "post", id: post, origin })).saved).toBe(true);
    expect((await toggleLike({ userId: moderator.id, type: "post", id: post, origin })).saved).toBe(true);
  });

  it("replying to a hidden post or comment: 404 with the draft back for others, through every composer; its author can", async () => {
    const [author, other, moderator] = [await student(), await student(), await student({ isModerator: true })];
    const post = await newPost(author.id, "Textbooks");
    const comment = await newPost(author.id, "Still have them", post);
    for (const parentId of [post, comment]) {
      await hide(parentId);
      const target = { kind: "comment" as const, parentId };
      const refused = await submitPost(replyForm("Is it real?"), { author: other, campusId: "ou", origin, target });
      expect(refused).toMatchObject({ ok: false, status: 404, reply: { initialValue: { text: "Is it real?" }, error: { "": ["Sorry, that post has been deleted."] } } });
      expect(await commentTargetExists(target, other.id)).toBe(false);
      expect(await commentTargetExists(target, author.id)).toBe(true);
      expect(await commentTargetExists(target, moderator.id)).toBe(true);
      expect(await repliesTo(parentId)).toHaveLength(parentId === post ? 1 : 0);
      expect((await submitPost(replyForm("Yes, still here"), { author, campusId: "ou", origin, target })).ok).toBe(true);
    }
  });

  it("Message seller on a hidden listing: 404 for a buyer, as if it were deleted", async () => {
    const [seller, buyer] = [await student(), await student()];
    const post = await newPost(seller.id, "Bike");
    await hide(post);
    expect(await refusal(startConversation({ userId: buyer.id, postId: post }))).toEqual([404, "Sorry, that post has been deleted."]);
    expect(await getDb().select().from(schema.chats).where(eq(schema.chats.postId, post))).toHaveLength(0);
  });
});
