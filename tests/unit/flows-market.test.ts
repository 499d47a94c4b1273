// The marketplace's application services called directly with plain values
// (users, ids, form values, an origin), no Request: what they return, and
// that a refusal is a typed result, never a thrown Response.
import { beforeAll, describe, expect, it } from "vitest";
import { decide } from "~/flows/permissions.server";
import { changeListingStatus, deleteOwnPost, renewOwnListing, toggleSave } from "~/flows/post-actions.server";
import { postPage } from "~/flows/post-page.server";
import { blockInConversation, conversationPartner, openConversation, sendInConversation } from "~/flows/messages.server";
import { profilePage, setBlocked } from "~/flows/profile-page.server";
import { fileReport } from "~/flows/reports.server";
import { review } from "~/flows/moderation.server";
import { portfolioPage } from "~/flows/portfolio-page.server";
import { reportPost, type ReportDetails } from "~/models/reports.server";
import { parseTargetKey } from "~/models/moderation.server";
import { createPost } from "~/models/posts.server";
import { getOwner, insertUser, type User } from "~/models/users.server";
import { listProjects } from "~/models/portfolio.server";
import { readFeedFilters } from "~/utils/feed-filters";
import { seed } from "~/flows/seed.server";

const ORIGIN = "http://localhost:3000";
const tz = "America/Chicago";
let n = 0;
async function student(): Promise<User> {
  n++;
  return await insertUser({ campusId: "ou", firstName: `F${n}`, lastName: "M.", username: `flows-${n}`, email: `flows${n}@ou.edu`, verified: true, schoolVerified: true });
}
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const listing = { priceCents: 1000, isFree: false, priceTerms: null, condition: null, pickupSpot: null };

beforeAll(() => seed({ demo: false }));

describe("post flows", () => {
  it("a post's page: the post for anyone, the listing buttons for its author, missing for an unknown id", async () => {
    const author = await student();
    const viewer = await student();
    const { id } = await createPost({ authorId: author.id, campusId: "ou", blocks: [{ text: "Desk lamp" }], media: [], origin: ORIGIN, listing });
    const seen = await postPage({ id, viewerId: viewer.id, timeZone: tz, commentsCursor: null });
    expect(seen).toMatchObject({ status: "ok", mine: false, listing: null });
    const own = await postPage({ id, viewerId: author.id, timeZone: tz, commentsCursor: null });
    expect(own).toMatchObject({ status: "ok", mine: true, listing: { status: "available" } });
    expect(await postPage({ id: "no-such-post", viewerId: undefined, timeZone: tz, commentsCursor: null })).toMatchObject({ status: "missing", post: null });
  });

  it("save, status, renew and delete answer results; someone else's post is FORBIDDEN, a bad status BAD_REQUEST", async () => {
    const author = await student();
    const other = await student();
    const { id } = await createPost({ authorId: author.id, campusId: "ou", blocks: [{ text: "Chair" }], media: [], origin: ORIGIN, listing });
    expect(await toggleSave(other, id, "post", ORIGIN)).toEqual({ ok: true, saved: true, count: 1 });
    expect(await toggleSave(other, id, "post", ORIGIN)).toEqual({ ok: true, saved: false, count: 0 });
    expect(await toggleSave(other, "no-such-post", "post", ORIGIN)).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await changeListingStatus(author.id, id, "sold")).toMatchObject({ ok: true });
    expect(await changeListingStatus(author.id, id, "given-away")).toMatchObject({ ok: false, code: "BAD_REQUEST", status: 400 });
    expect(await changeListingStatus(other.id, id, "pending")).toMatchObject({ ok: false, code: "FORBIDDEN", status: 403 });
    // Just posted: too soon to renew (a rule's refusal, with its message).
    const renew = await renewOwnListing(author.id, id);
    expect(renew.ok).toBe(false);
    if (!renew.ok) expect(renew.code).toBe("REFUSED");
    expect(await deleteOwnPost(other.id, id)).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await deleteOwnPost(author.id, id)).toEqual({ ok: true, message: "Your post was deleted" });
    expect(await postPage({ id, viewerId: author.id, timeZone: tz, commentsCursor: null })).toMatchObject({ status: "deleted" });
  });

  it("a report: the form's errors as a reply, then filed once, then already reported", async () => {
    const author = await student();
    const reporter = await student();
    const { id } = await createPost({ authorId: author.id, campusId: "ou", blocks: [{ text: "Odd" }], media: [], origin: ORIGIN });
    const file = (details: ReportDetails) => reportPost({ reporterId: reporter.id, postId: id, ...details });
    const invalid = await fileReport(form({ reason: "not-a-reason" }), reporter, file);
    expect(invalid).toMatchObject({ ok: false, code: "INVALID", status: 400 });
    expect(await fileReport(form({ reason: "spam" }), reporter, file)).toMatchObject({ ok: true, created: true });
    expect(await fileReport(form({ reason: "spam" }), reporter, file)).toMatchObject({ ok: true, created: false });
  });

  it("the permission rule by ids: a suspended student may not post; anyone may block", async () => {
    const me = await student();
    expect(await decide(me, "post.create", "ou")).toBeNull();
    const { suspendUser } = await import("~/models/suspensions.server");
    await suspendUser({ userId: me.id, permanent: false, reason: "Spam" });
    // The user as a request would load it now, with the suspension.
    const { getUserById } = await import("~/models/users.server");
    const refusal = await decide((await getUserById(me.id))!, "post.create", "ou");
    expect(refusal?.status).toBe(403);
    expect(await decide(me, "user.block", "ou")).toBeNull();
  });
});

describe("messages and profiles", () => {
  it("opens one conversation about a post, sends in it, blocks; a stranger is NOT_FOUND", async () => {
    const seller = await student();
    const buyer = await student();
    const stranger = await student();
    const { id: postId } = await createPost({ authorId: seller.id, campusId: "ou", blocks: [{ text: "Bike" }], media: [], origin: ORIGIN, listing });
    const opened = await openConversation(buyer.id, postId);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(await openConversation(buyer.id, postId)).toEqual(opened);
    expect(await openConversation(buyer.id, "no-such-post")).toEqual({ ok: false, code: "NOT_FOUND" });
    expect(await conversationPartner(opened.id, buyer.id)).toBe(seller.id);
    expect(await conversationPartner(opened.id, stranger.id)).toBeNull();
    expect(await sendInConversation({ chatId: opened.id, senderId: buyer.id, text: "Still for sale?", origin: ORIGIN })).toEqual({ ok: true });
    expect(await sendInConversation({ chatId: opened.id, senderId: stranger.id, text: "Hi", origin: ORIGIN })).toEqual({ ok: false, code: "NOT_FOUND" });
    expect(await blockInConversation(opened.id, seller.id, true)).toMatchObject({ ok: true });
    expect(await sendInConversation({ chatId: opened.id, senderId: buyer.id, text: "Hello?", origin: ORIGIN })).toMatchObject({ ok: false, code: "REFUSED", status: 403 });
  });

  it("a profile as a member sees it, NOT_FOUND for an unknown name; blocking oneself is INVALID", async () => {
    const person = await student();
    const viewer = await student();
    const input = { viewer, campusId: "ou", timeZone: tz, show: "projects" as const, filterForm: readFeedFilters(new URLSearchParams()), cursor: null, after: null, path: `/${person.username}` };
    expect(await profilePage({ ...input, username: person.username })).toMatchObject({ ok: true, viewer: "member", blocked: false, profile: { username: person.username } });
    expect(await profilePage({ ...input, username: "nobody-by-this-name" })).toEqual({ ok: false, code: "NOT_FOUND" });
    expect(await setBlocked(viewer.id, person.id, true)).toMatchObject({ ok: true });
    expect(await profilePage({ ...input, username: person.username })).toMatchObject({ ok: true, blocked: true, feed: { posts: [] } });
    expect(await setBlocked(viewer.id, viewer.id, true)).toMatchObject({ ok: false, code: "INVALID" });
  });

  it("a project's page shows its readme; the review of a report that is not a post refuses removal with 400", async () => {
    const [project] = await listProjects();
    if (project) {
      const page = await portfolioPage("project", { id: project.id, viewer: null, timeZone: tz, show: "about", commentsCursor: null });
      expect(page.status).toBe("ok");
    }
    expect((await portfolioPage("game", { id: "no-such-game", viewer: null, timeZone: tz, show: "about", commentsCursor: null })).status).toBe("missing");
    const owner = (await getOwner())!;
    const someone = await student();
    const target = parseTargetKey(`user:${someone.id}`)!;
    expect(await review(owner, "remove", target, form({}))).toEqual({ ok: false, status: 400, message: "Bad Request" });
  });
});
