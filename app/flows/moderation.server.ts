// The review queue's loader and action (/moderation, issue 15): moderators
// only — everyone else, visitors included, gets the not-found page, for the
// page and for every form post. Dismiss, Remove item (the normal delete and
// its cascade, then the author's notice), Suspend author (or lift it), and the
// owner's Make moderator / Remove moderator; each confirmed as URL state first.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { REPORT_REASONS } from "~/data/report-reasons";
import { campusForRequest } from "~/models/campuses.server";
import {
  dismissReports,
  getModerationEntry,
  getModerationPage,
  openReportsOf,
  parseTargetKey,
  reportedAuthorOf,
  setModerator,
  suspendAuthor,
  targetKey,
  topReason,
  unsuspendAuthor,
  upholdReports,
  type ReportTarget,
} from "~/models/moderation.server";
import { deletePost, PostError } from "~/models/posts.server";
import { OWNER_NOT_SUSPENDABLE, SUSPENSION_DAYS, SuspensionError } from "~/models/suspensions.server";
import { displayName, getUserById, isModerator, type User } from "~/models/users.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { getViewerTimeZone } from "~/services/client-hints.server";
import { readForm } from "~/services/form.server";
import { getOptionalUser } from "~/services/session.server";
import type { ModerationConfirmView, ModerationEntryView } from "~/types/moderation";
import { safePath } from "~/utils/navigation";
import { withParams } from "~/utils/url-state";

const INTENTS = ["dismiss", "remove", "suspend", "unsuspend", "make-moderator", "remove-moderator"] as const;
type Intent = (typeof INTENTS)[number];

export const ALREADY_RESOLVED = "These reports were already resolved.";
export const ONLY_OWNER_NAMES_MODERATORS = "Only the owner can name moderators.";
export const ONLY_OWNER_SUSPENDS_MODERATORS = "Only the owner can suspend a moderator.";

function isIntent(value: unknown): value is Intent {
  return typeof value === "string" && (INTENTS as readonly string[]).includes(value);
}

function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

function refuse(message: string, status: 400 | 403 | 404): never {
  throw new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** A moderator (the owner, or one the owner named), or the not-found page: nobody else learns the page exists. */
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
      if (!author || author.isOwner || !choice || (author.isModerator && !viewer.isOwner)) return null;
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
      if (!author?.suspension) return null;
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
      if (!viewer.isOwner || !person || person.isOwner || person.isModerator !== (intent === "remove-moderator")) return null;
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
    { page, confirm, here, viewerIsOwner: viewer.isOwner, reasons: REPORT_REASONS.map((r) => ({ id: r.id, label: r.label })) },
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

  switch (intent) {
    case "dismiss":
      return (await dismissReports({ moderatorId: moderator.id, target })) ? done("Reports dismissed.") : done(ALREADY_RESOLVED, "okay");
    case "remove":
      return removeItem(moderator, target, done);
    case "suspend": {
      const choice = suspensionChoice(form.get("duration"), form.get("reason"));
      if (!choice) refuse("Bad Request", 400);
      const author = await authorOf(target);
      if (author.isOwner) refuse(OWNER_NOT_SUSPENDABLE, 403);
      if (isModerator(author) && !moderator.isOwner) refuse(ONLY_OWNER_SUSPENDS_MODERATORS, 403);
      try {
        await suspendAuthor({ moderatorId: moderator.id, target, authorId: author.id, ...choice });
      } catch (error) {
        if (error instanceof SuspensionError) refuse(error.message, error.status);
        throw error;
      }
      return done(`${displayName(author)} is suspended ${choice.permanent ? "permanently" : `for ${SUSPENSION_DAYS} days`}.`);
    }
    case "unsuspend": {
      const author = await authorOf(target);
      await unsuspendAuthor({ moderatorId: moderator.id, target, authorId: author.id });
      return done(`${displayName(author)}'s suspension is lifted.`);
    }
    case "make-moderator":
    case "remove-moderator": {
      if (!moderator.isOwner) refuse(ONLY_OWNER_NAMES_MODERATORS, 403);
      const userId = String(form.get("user") ?? "");
      const person = userId ? await getUserById(userId) : undefined;
      if (!person) refuse("Not Found", 404);
      if (person.isOwner) refuse("The owner is always a moderator.", 400);
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
 * Remove item: the post or comment goes with the normal cascade (files,
 * replies, saves, notifications, counters), its open reports are upheld, and
 * the author is told why: "Your post was removed for breaking the rules:
 * {the most-reported reason}". A profile or a conversation has nothing to remove.
 */
async function removeItem(moderator: User, target: ReportTarget, done: (message: string, type?: "success" | "okay" | "danger") => Promise<Response>) {
  if (target.type !== "post" && target.type !== "comment") refuse("Bad Request", 400);
  const open = await openReportsOf(target);
  if (open.length === 0) return done(ALREADY_RESOLVED, "okay");
  const reason = topReason(open).label;
  let removed: { noun: "post" | "comment"; authorId: string } | null = null;
  try {
    const deleted = await deletePost(target.id, moderator.id, { asModerator: true });
    removed = { noun: deleted.wasComment ? "comment" : "post", authorId: deleted.authorId };
  } catch (error) {
    // Deleted by its author meanwhile: the reports are still upheld, with nothing to tell.
    if (!(error instanceof PostError && error.status === 404)) {
      if (error instanceof PostError) return done(error.message, "danger");
      throw error;
    }
  }
  await upholdReports({
    moderatorId: moderator.id,
    target,
    authorId: removed?.authorId ?? open[0]!.reportedUserId,
    reason,
    notice: removed ? `Your ${removed.noun} was removed for breaking the rules: ${reason}` : null,
  });
  if (!removed) return done(`The ${target.type} was already deleted; the reports are closed.`, "okay");
  return done(removed.noun === "comment" ? "Comment removed." : "Post removed.");
}
