// The review queue's loader and action (/moderation, docs/product.md §13): moderators
// only — everyone else, visitors included, gets the not-found page, for the
// page and for every form post. Dismiss, Remove item (the normal delete and
// its cascade, then the author's notice), Suspend author (or lift it), and the
// owner's Make moderator / Remove moderator; each confirmed as URL state first.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { REPORT_REASONS } from "~/data/report-reasons";
import { campusForRequest } from "~/models/campuses.server";
import {
  claimRemoval,
  dismissReports,
  finishRemoval,
  getModerationEntry,
  getModerationPage,
  ModerationError,
  parseTargetKey,
  releaseRemoval,
  reportedAuthorOf,
  setModerator,
  suspendAuthor,
  targetKey,
  unsuspendAuthor,
  type ReportTarget,
} from "~/models/moderation.server";
import { deletePost, PostError } from "~/models/posts.server";
import { OWNER_NOT_SUSPENDABLE, SUSPENSION_DAYS, SuspensionError } from "~/models/suspensions.server";
import { displayName, getUserById, isModerator, isOwner, type User } from "~/models/users.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { readForm } from "~/services/form.server";
import { getOptionalUser } from "~/services/session.server";
import type { ModerationConfirmView, ModerationEntryView } from "~/types/moderation";
import { safePath } from "~/utils/navigation";
import { withParams } from "~/utils/url-state";

const INTENTS = ["dismiss", "remove", "suspend", "unsuspend", "make-moderator", "remove-moderator"] as const;
type Intent = (typeof INTENTS)[number];

export { ALREADY_RESOLVED, NOT_SUSPENDED } from "~/models/moderation.server";
export const ONLY_OWNER_NAMES_MODERATORS = "Only the owner can name moderators.";
export const ONLY_OWNER_SUSPENDS_MODERATORS = "Only the owner can suspend a moderator.";
export const ONLY_OWNER_LIFTS_MODERATORS = "Only the owner can lift a moderator's suspension.";
export const NOT_YOUR_OWN_SUSPENSION = "You can't lift your own suspension.";

function isIntent(value: unknown): value is Intent {
  return typeof value === "string" && (INTENTS as readonly string[]).includes(value);
}

function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

function refuse(message: string, status: 400 | 403 | 404 | 409): never {
  throw new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * A moderator (the owner, or one the owner named and not suspended now), or
 * the not-found page: nobody else learns the page exists.
 */
async function requireModerator(request: Request): Promise<User> {
  const user = await getOptionalUser(request);
  if (!user || !isModerator(user)) notFound();
  return user;
}

/** The queue's page without a confirmation open: where Cancel and every action lead back to. */
function queuePath(pathWithSearch: string): string {
  const back = withParams(pathWithSearch, { confirm: null, target: null, duration: null, reason: null, user: null });
  return back.startsWith("/moderation") ? back : "/moderation";
}

const NOUN = { post: "post", comment: "comment", user: "profile", chat: "conversation" } as const;

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
function confirmationFor(params: URLSearchParams, entry: ModerationEntryView, viewer: User, returnTo: string): ModerationConfirmView | null {
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

export async function moderationLoader({ request }: LoaderFunctionArgs) {
  const viewer = await requireModerator(request);
  const campus = await campusForRequest(request);
  const timeZone = getViewerTimeZone(request, campus.timeZone);
  const url = new URL(request.url);
  const page = await getModerationPage({ timeZone, cursor: url.searchParams.get("cursor") });
  const here = queuePath(url.pathname + url.search);
  // The confirmation names its item: from this page, or (a link kept from another page) looked up alone.
  const target = parseTargetKey(url.searchParams.get("target"));
  let confirm: ModerationConfirmView | null = null;
  if (target && url.searchParams.has("confirm")) {
    const entry = page.items.find((e) => e.id === targetKey(target)) ?? (await getModerationEntry(target, timeZone));
    confirm = entry ? confirmationFor(url.searchParams, entry, viewer, here) : null;
  }
  return data(
    { page, confirm, here, viewerIsOwner: isOwner(viewer), reasons: REPORT_REASONS.map((r) => ({ id: r.id, label: r.label })) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function moderationAction({ request }: ActionFunctionArgs) {
  const moderator = await requireModerator(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const target = parseTargetKey(form.get("target"));
  if (!isIntent(intent) || !target) refuse("Bad Request", 400);
  const back = queuePath(safePath(String(form.get("returnTo") ?? ""), "/moderation"));
  const done = (message: string, type: "success" | "okay" | "danger" = "success") => redirectWithAlert(request, back, { type, message });

  try {
    return await review(intent, moderator, target, form, done);
  } catch (error) {
    // Refused by a rule checked inside the review's transaction: nothing changed, nothing recorded.
    if (error instanceof ModerationError || error instanceof SuspensionError) refuse(error.message, error.status);
    throw error;
  }
}

async function review(
  intent: Intent,
  moderator: User,
  target: ReportTarget,
  form: FormData,
  done: (message: string, type?: "success" | "okay" | "danger") => Promise<Response>,
): Promise<Response> {
  switch (intent) {
    case "dismiss":
      await dismissReports({ moderatorId: moderator.id, target });
      return done("Reports dismissed.");
    case "remove":
      return removeItem(moderator, target, done);
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

/**
 * Remove item: the open reports are upheld and the removal recorded first (the
 * claim: of two reviews at once only one gets it), then the post or comment
 * goes with the normal cascade (files, replies, saves, notifications,
 * counters) and the author is told why: "Your post was removed for breaking
 * the rules: {the most-reported reason}". A delete that fails puts the reports
 * back. A profile or a conversation has nothing to remove.
 */
async function removeItem(moderator: User, target: ReportTarget, done: (message: string, type?: "success" | "okay" | "danger") => Promise<Response>) {
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
