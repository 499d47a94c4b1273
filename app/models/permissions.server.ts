// Who may change what: one table of write actions and the one rule every
// action passes before its request body is read. A user acts only when they
// are signed in (the caller's job), not suspended, a student of the site's
// campus where the action puts something in front of that campus, not
// blocked either way by the person whose item they act on, and only on items
// of the campus whose site the request was sent to. Some actions need a role
// (users.role): moderation needs a moderator who is not suspended (or the
// owner); naming moderators and deleting a game or project need the owner.
// Being the author (edit, delete, listing status) is checked by the models
// that change the item.
import { eq } from "drizzle-orm";
import { getDb, schema } from "~/services/db.server";
import { isBlockedEitherWay } from "./blocks.server";
import { hiddenFrom } from "./posts.server";
import { isSchoolVerifiedOn } from "./school.server";
import { suspensionRefusal } from "./suspensions.server";
import { isModerator, isOwner, type User } from "./users.server";
import { CANT_INTERACT } from "~/utils/messages";
import { SCHOOL_VERIFICATION_REQUIRED } from "~/utils/url-state";

/** What a rule asks of the actor and the item, beyond being signed in. */
type Rule = {
  /** Refused while suspended. */
  notSuspended: boolean;
  /** Only a student of the site's campus (verified email or school email on its domain). */
  schoolVerified: boolean;
  /** Refused when the actor and the item's author blocked each other, either way. */
  notBlocked: boolean;
  /** The item must belong to the campus whose site the request came to (else it is not there: 404). */
  sameCampus: boolean;
  /** The least role that may: a moderator counts only while not suspended; the owner is always one. */
  role: "member" | "moderator" | "owner";
};

const rule = (r: Partial<Rule>): Rule => ({ notSuspended: true, schoolVerified: false, notBlocked: false, sameCampus: false, role: "member", ...r });

/**
 * Every write a user can make, and what it needs. A new action is added here
 * first; tests/unit/permissions.test.ts lists who may do each one and fails
 * on an action without a row.
 */
export const PERMISSIONS = {
  /** A new post (the composer, /create/post, the JS upload). */
  "post.create": rule({ schoolVerified: true }),
  /** Comment on or reply to a post or comment. */
  "post.comment": rule({ schoolVerified: true, notBlocked: true, sameCampus: true }),
  /** Save or unsave a post or comment. */
  "post.save": rule({ schoolVerified: true, notBlocked: true, sameCampus: true }),
  /** Report a post or comment the user can see. */
  "post.report": rule({ notBlocked: true, sameCampus: true }),
  /** The author's own post: edit, delete, listing status, renew (the emailed link included). */
  "post.manage": rule({ sameCampus: true }),
  /** Comment on a game or project of the owner. */
  "portfolio.comment": rule({ schoolVerified: true, notBlocked: true }),
  /** Save a game or project. */
  "portfolio.save": rule({ schoolVerified: true, notBlocked: true }),
  /** The page gate of a game or project's form posts (save, comment, delete) before the intent is read. */
  "portfolio.manage": rule({}),
  /** Delete a game or project: the owner only. */
  "portfolio.delete": rule({ role: "owner" }),
  /** Message seller: open a conversation about a listing. */
  "message.start": rule({ schoolVerified: true, notBlocked: true, sameCampus: true }),
  /** Send in a conversation (the model refuses it between people who blocked each other). */
  "message.send": rule({}),
  /** Make an offer on a listing in one's conversation about it (the buyer). */
  "offer.make": rule({ schoolVerified: true, notBlocked: true, sameCampus: true }),
  /** Accept, decline or counter an offer in one's conversation (who may do which is the model's rule). */
  "offer.respond": rule({ notBlocked: true, sameCampus: true }),
  /** Review the other person of a sale, or answer their review (only the two of the sale: anyone else 404). */
  "review.write": rule({ notBlocked: true, sameCampus: true }),
  /** Report a review shown on a profile. */
  "review.report": rule({}),
  /** Report a conversation or a profile. */
  "user.report": rule({}),
  /** Block or unblock someone: always allowed, suspended or not, so nobody is left without the wall. */
  "user.block": rule({ notSuspended: false }),
  /** Save a search, change its alerts or delete it: one's own, private, so allowed while suspended. */
  "search.save": rule({ notSuspended: false }),
  /** Push notifications on one's devices and their choices: always allowed, suspended or not (fewer pushes, or one's own messages). */
  "push.manage": rule({ notSuspended: false }),
  /** Name, bio, photo, profile set-up. */
  "profile.edit": rule({}),
  /** Username and email address. */
  "account.change": rule({}),
  /** The review queue (/moderation) and its counts: for anyone else it is not there. */
  "moderation.review": rule({ role: "moderator" }),
  /** Dismiss an item's reports (the item shows again). */
  "moderation.dismiss": rule({ role: "moderator" }),
  /** Remove a reported post or comment. */
  "moderation.remove": rule({ role: "moderator" }),
  /** Suspend a reported item's author (a moderator's suspension is the owner's call, checked with the author). */
  "moderation.suspend": rule({ role: "moderator" }),
  /** Lift a suspension (not one's own; a moderator's only by the owner, checked with the author). */
  "moderation.unsuspend": rule({ role: "moderator" }),
  /** Make or remove a moderator: the owner only. */
  "moderation.appoint": rule({ role: "owner" }),
  /** Set a campus's move-out weeks: the owner only. */
  "moderation.move-out": rule({ role: "owner" }),
} satisfies Record<string, Rule>;

export type PermissionAction = keyof typeof PERMISSIONS;

/** The item an action is about, as far as the rule needs it. */
export type PermissionTarget = {
  /** Whose item it is: the author, and for a reply also the author of the thread's top post. */
  authorIds: string[];
  /** The item's campus; null for what belongs to no campus (the owner's games and projects). */
  campusId: string | null;
};

export type PermissionRefusal = {
  reason: "suspended" | "school" | "blocked" | "not-found" | "role";
  status: 403 | 404;
  message: string;
};

export type Decision = { allowed: true } | { allowed: false; refusal: PermissionRefusal };

const NOT_FOUND: PermissionRefusal = { reason: "not-found", status: 404, message: "Not Found" };

export const ONLY_THE_OWNER = "Only the owner can do that.";

/** The role the action needs: the moderation pages are not there for non-moderators (404); a moderator asking for the owner's part is refused (403). */
function roleRefusal(user: User, action: PermissionAction, needs: Rule["role"], now?: number): PermissionRefusal | null {
  if (needs === "member") return null;
  const moderator = isModerator(user, now);
  if (needs === "moderator") return moderator ? null : NOT_FOUND;
  if (isOwner(user)) return null;
  return action.startsWith("moderation.") && !moderator ? NOT_FOUND : { reason: "role", status: 403, message: ONLY_THE_OWNER };
}

/**
 * May `user` do `action` on the site of `campusId` (to `target`, when the
 * action is about someone's item)? Cheapest questions first; no body is
 * needed to answer. `target: null` means the item does not exist (404).
 */
export async function can(
  user: User,
  action: PermissionAction,
  ctx: { campusId: string; target?: PermissionTarget | null; now?: number },
): Promise<Decision> {
  const r: Rule = PERMISSIONS[action];
  if (ctx.target === null) return { allowed: false, refusal: NOT_FOUND };
  const role = roleRefusal(user, action, r.role, ctx.now);
  if (role) return { allowed: false, refusal: role };
  const target = ctx.target;
  if (r.sameCampus && target && target.campusId !== null && target.campusId !== ctx.campusId) return { allowed: false, refusal: NOT_FOUND };
  if (r.notSuspended) {
    const suspended = await suspensionRefusal(user, ctx.campusId, ctx.now);
    if (suspended) return { allowed: false, refusal: { reason: "suspended", status: 403, message: suspended } };
  }
  if (r.notBlocked && target) {
    for (const authorId of new Set(target.authorIds)) {
      if (authorId !== user.id && (await isBlockedEitherWay(user.id, authorId))) {
        return { allowed: false, refusal: { reason: "blocked", status: 403, message: CANT_INTERACT } };
      }
    }
  }
  if (r.schoolVerified && !(await isSchoolVerifiedOn(user, ctx.campusId))) {
    return { allowed: false, refusal: { reason: "school", status: 403, message: SCHOOL_VERIFICATION_REQUIRED } };
  }
  return { allowed: true };
}

/**
 * A post or comment as the rules see it, or null when it is not there for
 * this viewer: missing, deleted, or hidden from them by reports. A reply is
 * also about the top post of its thread: blocked by that post's author, the
 * whole thread is behind the wall (its page answers like a missing post).
 */
export async function postTarget(id: string, viewerId: string): Promise<PermissionTarget | null> {
  const { posts } = schema;
  const [row] = await getDb()
    .select({ authorId: posts.authorId, campusId: posts.campusId, rootId: posts.rootId, deletedAt: posts.deletedAt, hiddenAt: posts.hiddenAt })
    .from(posts)
    .where(eq(posts.id, id))
    .limit(1);
  if (!row || row.deletedAt !== null) return null;
  if (await hiddenFrom(row, viewerId)) return null;
  const authorIds = [row.authorId];
  if (row.rootId) {
    const [root] = await getDb().select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, row.rootId)).limit(1);
    if (root) authorIds.push(root.authorId);
  }
  return { authorIds, campusId: row.campusId };
}

/** A game or project as the rules see it (its owner), or null when it is not there. */
export async function portfolioTarget(kind: "game" | "project", id: string): Promise<PermissionTarget | null> {
  const table = kind === "game" ? schema.games : schema.projects;
  const [row] = await getDb().select({ ownerId: table.ownerId, deletedAt: table.deletedAt, hiddenAt: table.hiddenAt }).from(table).where(eq(table.id, id)).limit(1);
  if (!row || row.deletedAt !== null || row.hiddenAt !== null) return null;
  return { authorIds: [row.ownerId], campusId: null };
}
