// The review queue's rules (/moderation, docs/product.md §13), for moderators
// only (the route sends everyone else the not-found page). Dismiss, Remove item (the normal delete and
// its cascade, then the author's notice), Suspend author (or lift it), and the
// owner's Make moderator / Remove moderator; each confirmed as URL state first.
import { removeReview } from "~/models/reviews.server";
import { REPORT_REASONS } from "~/data/report-reasons";
import {
  claimRemoval,
  dismissReports,
  finishRemoval,
  ModerationError,
  releaseRemoval,
  reportedAuthorOf,
  setModerator,
  suspendAuthor,
  unsuspendAuthor,
  type ReportTarget,
} from "~/models/moderation.server";
import { deletePost, PostError } from "~/models/posts.server";
import { OWNER_NOT_SUSPENDABLE, SUSPENSION_DAYS, SuspensionError } from "~/models/suspensions.server";
import { displayName, getUserById, isOwner, type User } from "~/models/users.server";
import type { ModerationConfirmView, ModerationEntryView } from "~/types/moderation";

export const INTENTS = ["dismiss", "remove", "suspend", "unsuspend", "make-moderator", "remove-moderator"] as const;
export type ModerationIntent = (typeof INTENTS)[number];

export { ALREADY_RESOLVED, NOT_SUSPENDED } from "~/models/moderation.server";
export const ONLY_OWNER_NAMES_MODERATORS = "Only the owner can name moderators.";
export const ONLY_OWNER_SUSPENDS_MODERATORS = "Only the owner can suspend a moderator.";
export const ONLY_OWNER_LIFTS_MODERATORS = "Only the owner can lift a moderator's suspension.";
export const NOT_YOUR_OWN_SUSPENSION = "You can't lift your own suspension.";

export function isIntent(value: unknown): value is ModerationIntent {
  return typeof value === "string" && (INTENTS as readonly string[]).includes(value);
}

/** A review refused by a rule: nothing changed. */
class Refused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409,
  ) {
    super(message);
  }
}

function refuse(message: string, status: 400 | 403 | 404 | 409): never {
  throw new Refused(message, status);
}

export type AlertTone = "success" | "okay" | "danger";
/** What a review did (the message for the queue's alert), or why it was refused. */
export type ReviewResult = { ok: true; message: string; type: AlertTone } | { ok: false; status: 400 | 403 | 404 | 409; message: string };

const NOUN = { post: "post", comment: "comment", user: "profile", chat: "conversation", review: "review" } as const;

/** A suspension's length and reason as a form or URL gives them (ids of REPORT_REASONS), or null. */
function suspensionChoice(duration: unknown, reasonId: unknown): { permanent: boolean; reason: string } | null {
  const reason = REPORT_REASONS.find((r) => r.id === reasonId);
  if (!reason || (duration !== "7d" && duration !== "permanent")) return null;
  return { permanent: duration === "permanent", reason: reason.label };
}

/** Someone the entry names (its author or a reporter): whom Make moderator may concern. */
function personOf(entry: ModerationEntryView, userId: string | null) {
  if (!userId) return null;
  if (entry.author?.user.id === userId) return { ...entry.author.user, isModerator: entry.author.isModerator, isOwner: entry.author.isOwner };
  const report = entry.reports.find((r) => r.reporter.id === userId);
  return report ? { ...report.reporter, isModerator: report.reporterIsModerator, isOwner: report.reporterIsOwner } : null;
}

/** The confirmation the URL asks for (?confirm=…&target=…), in words, or null when it does not fit the item. */
export function confirmationFor(params: URLSearchParams, entry: ModerationEntryView, viewer: User, returnTo: string): ModerationConfirmView | null {
  const intent = params.get("confirm");
  if (!isIntent(intent)) return null;
  const noun = NOUN[entry.targetType];
  const author = entry.author;
  const fields = { intent, target: entry.id, returnTo };
  switch (intent) {
    case "dismiss":
      return {
        intent,
        title: "Dismiss these reports?",
        text: `The reports are closed and the ${noun} is shown to everyone again.`,
        label: "Dismiss",
        tone: "primary",
        fields,
      };
    case "remove": {
      if ((entry.item.kind !== "post" && entry.item.kind !== "comment") || !entry.item.exists) return null;
      return {
        intent,
        title: `Remove this ${noun}?`,
        text: `It is deleted with its comments and saves, and ${author?.user.displayName ?? "its author"} is told: "Your ${noun} was removed for breaking the rules: ${entry.topReason}".`,
        label: "Remove",
        tone: "danger",
        fields,
      };
    }
    case "suspend": {
      const choice = suspensionChoice(params.get("duration"), params.get("reason"));
      if (!author || author.isOwner || !choice || (author.isModerator && !isOwner(viewer))) return null;
      const length = choice.permanent ? "permanently" : `for ${SUSPENSION_DAYS} days`;
      return {
        intent,
        title: `Suspend ${author.user.displayName}?`,
        text: `${author.user.displayName} is suspended ${length} (${choice.reason}): they can read, but not post, comment, message or save, and they see why.`,
        label: "Suspend",
        tone: "danger",
        fields: { ...fields, duration: params.get("duration")!, reason: params.get("reason")! },
      };
    }
    case "unsuspend":
      if (!author?.suspension || author.user.id === viewer.id || (author.isModerator && !isOwner(viewer))) return null;
      return {
        intent,
        title: `Lift ${author.user.displayName}'s suspension?`,
        text: `${author.user.displayName} can post, comment, message and save again at once.`,
        label: "Lift suspension",
        tone: "primary",
        fields,
      };
    case "make-moderator":
    case "remove-moderator": {
      const person = personOf(entry, params.get("user"));
      if (!isOwner(viewer) || !person || person.isOwner || person.isModerator !== (intent === "remove-moderator")) return null;
      return intent === "make-moderator"
        ? {
            intent,
            title: `Make ${person.displayName} a moderator?`,
            text: `${person.displayName} will see this queue and can dismiss reports, remove posts and comments, and suspend authors.`,
            label: "Make moderator",
            tone: "primary",
            fields: { ...fields, user: person.id },
          }
        : {
            intent,
            title: `Remove ${person.displayName} as a moderator?`,
            text: `${person.displayName} will no longer see this queue.`,
            label: "Remove moderator",
            tone: "danger",
            fields: { ...fields, user: person.id },
          };
    }
  }
}

/**
 * One review of the reported item `target` by `moderator`, with the form's
 * other values (duration, reason, user).
 */
export async function review(moderator: User, intent: ModerationIntent, target: ReportTarget, form: FormData): Promise<ReviewResult> {
  try {
    const { message, type } = await reviewOrRefuse(intent, moderator, target, form);
    return { ok: true, message, type };
  } catch (error) {
    // Refused by a rule, some checked inside the review's transaction: nothing changed, nothing recorded.
    if (error instanceof Refused || error instanceof ModerationError || error instanceof SuspensionError) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

type Done = { message: string; type: AlertTone };
const done = (message: string, type: AlertTone = "success"): Done => ({ message, type });

async function reviewOrRefuse(intent: ModerationIntent, moderator: User, target: ReportTarget, form: FormData): Promise<Done> {
  switch (intent) {
    case "dismiss":
      await dismissReports({ moderatorId: moderator.id, target });
      return done("Reports dismissed.");
    case "remove":
      return removeItem(moderator, target);
    case "suspend": {
      const choice = suspensionChoice(form.get("duration"), form.get("reason"));
      if (!choice) refuse("Bad Request", 400);
      const author = await authorOf(target);
      if (isOwner(author)) refuse(OWNER_NOT_SUSPENDABLE, 403);
      // A named moderator, suspended or not: only the owner decides about them.
      if (author.role === "moderator" && !isOwner(moderator)) refuse(ONLY_OWNER_SUSPENDS_MODERATORS, 403);
      await suspendAuthor({ moderatorId: moderator.id, target, authorId: author.id, ...choice });
      return done(`${displayName(author)} is suspended ${choice.permanent ? "permanently" : `for ${SUSPENSION_DAYS} days`}.`);
    }
    case "unsuspend": {
      const author = await authorOf(target);
      if (author.id === moderator.id) refuse(NOT_YOUR_OWN_SUSPENSION, 403);
      if (author.role === "moderator" && !isOwner(moderator)) refuse(ONLY_OWNER_LIFTS_MODERATORS, 403);
      await unsuspendAuthor({ moderatorId: moderator.id, target, authorId: author.id });
      return done(`${displayName(author)}'s suspension is lifted.`);
    }
    case "make-moderator":
    case "remove-moderator": {
      if (!isOwner(moderator)) refuse(ONLY_OWNER_NAMES_MODERATORS, 403);
      const userId = String(form.get("user") ?? "");
      const person = userId ? await getUserById(userId) : undefined;
      if (!person) refuse("Not Found", 404);
      if (isOwner(person)) refuse("The owner is always a moderator.", 400);
      const makeModerator = intent === "make-moderator";
      await setModerator({ ownerId: moderator.id, target, userId: person.id, moderator: makeModerator });
      return done(makeModerator ? `${displayName(person)} is now a moderator.` : `${displayName(person)} is no longer a moderator.`);
    }
  }
}

/** The reported item's author, as the reports name them; 404 when there is none. */
async function authorOf(target: ReportTarget): Promise<User> {
  const authorId = await reportedAuthorOf(target);
  const author = authorId ? await getUserById(authorId) : undefined;
  if (!author) refuse("Not Found", 404);
  return author;
}

/** Remove a reported review: its reports upheld, the review no longer shown or counted, its writer told. */
async function removeReviewItem(moderator: User, target: ReportTarget): Promise<Done> {
  const claim = await claimRemoval({ moderatorId: moderator.id, target });
  await removeReview(target.id, claim.now);
  await finishRemoval(claim, { moderatorId: moderator.id, authorId: claim.authorId, notice: `Your review was removed for breaking the rules: ${claim.reason}` });
  return done("Review removed.");
}

/**
 * Remove item: the open reports are upheld and the removal recorded first (the
 * claim: of two reviews at once only one gets it), then the post or comment
 * goes with the normal cascade (files, replies, saves, notifications,
 * counters) and the author is told why: "Your post was removed for breaking
 * the rules: {the most-reported reason}". A delete that fails puts the reports
 * back. A profile or a conversation has nothing to remove.
 */
async function removeItem(moderator: User, target: ReportTarget): Promise<Done> {
  if (target.type === "review") return removeReviewItem(moderator, target);
  if (target.type !== "post" && target.type !== "comment") refuse("Bad Request", 400);
  const claim = await claimRemoval({ moderatorId: moderator.id, target });
  let deleted: Awaited<ReturnType<typeof deletePost>>;
  try {
    deleted = await deletePost(target.id, moderator.id, { asModerator: true });
  } catch (error) {
    // Deleted by its author meanwhile: the reports stay upheld, with nothing to tell.
    if (error instanceof PostError && error.status === 404) return done(`The ${target.type} was already deleted; the reports are closed.`, "okay");
    await releaseRemoval(claim);
    if (error instanceof PostError) return done(error.message, "danger");
    throw error;
  }
  const noun = deleted.wasComment ? "comment" : "post";
  await finishRemoval(claim, { moderatorId: moderator.id, authorId: deleted.authorId, notice: `Your ${noun} was removed for breaking the rules: ${claim.reason}` });
  return done(noun === "comment" ? "Comment removed." : "Post removed.");
}
