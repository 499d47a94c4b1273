// Reports (docs/product.md §12): a signed-in user reports a post, a comment, a profile or
// a conversation with a reason, once per item. The reporter stops seeing a
// reported post or comment; an item reported by REPORTS_TO_HIDE different
// students of its campus is hidden from everyone but its author and the
// moderators until a moderator reviews it (posts.hidden_at, users.hidden_at).
import { and, eq, inArray, isNotNull, isNull, ne, sql, type Placeholder, type SQL } from "drizzle-orm";
import { REPORT_NOTE_MAX, type ReportReasonId } from "~/data/report-reasons";
import { REPORT_NOTE_TOO_LONG } from "~/utils/report-messages";
import { getDb, newId, schema, transaction, type Tx } from "~/services/db.server";
import { enqueueListingAlerts } from "./listing-alert-queue.server";
import { moveCounts } from "./post-tree.server";
import { isSchoolVerifiedOn } from "./school.server";
import { getUserById, isModerator } from "./users.server";

/** Open reports from this many different school-verified users hide an item. */
export const REPORTS_TO_HIDE = 3;

export type ReportedItem = "post" | "comment" | "user" | "chat" | "review";
/** What can be hidden by reports: posts and comments (posts.hidden_at) and profiles (users.hidden_at). */
export type HideableItem = Exclude<ReportedItem, "chat" | "review">;

/** "Post Reported. Thanks for letting us know." and the like (docs/product.md §12). */
export const REPORTED: Record<ReportedItem, string> = {
  post: "Post Reported. Thanks for letting us know.",
  comment: "Comment Reported. Thanks for letting us know.",
  user: "User Reported. Thanks for letting us know.",
  chat: "Conversation Reported. Thanks for letting us know.",
  review: "Review Reported. Thanks for letting us know.",
};

export const USER_REPORTED = REPORTED.user;

/** A second report of the same item by the same person. */
export const ALREADY_REPORTED: Record<ReportedItem, string> = {
  post: "You already reported this post.",
  comment: "You already reported this comment.",
  user: "You already reported this user.",
  chat: "You already reported this conversation.",
  review: "You already reported this review.",
};

const OWN_ITEM: Record<ReportedItem, string> = {
  post: "You can't report your own post.",
  comment: "You can't report your own comment.",
  user: "You cannot report yourself.",
  chat: "You cannot report yourself.",
  review: "You can't report your own review.",
};

export class ReportError extends Error {
  constructor(
    message: string,
    /** 404: no such item (or not one the reporter may see); 400: not one they may report. */
    readonly status: 400 | 404 = 400,
  ) {
    super(message);
  }
}

/** Why, as the form gave it (the reason an id of REPORT_REASONS, the note at most REPORT_NOTE_MAX). */
export type ReportDetails = { reason: ReportReasonId; note?: string | null };

export type ReportResult = { created: boolean; type: ReportedItem };

/**
 * Records the report unless this reporter already reported the item (the
 * unique key decides, so two at once make one row), then hides the item if
 * that brought it to the threshold.
 */
async function fileReport(
  row: { reporterId: string; reportedUserId: string; type: ReportedItem; targetId: string; chatId?: string | null } & ReportDetails,
): Promise<ReportResult> {
  if (row.reporterId === row.reportedUserId) throw new ReportError(OWN_ITEM[row.type]);
  const note = row.note?.trim() || null;
  if (note && note.length > REPORT_NOTE_MAX) throw new ReportError(REPORT_NOTE_TOO_LONG);
  const inserted = await getDb()
    .insert(schema.reports)
    .values({
      id: newId(),
      reporterId: row.reporterId,
      reportedUserId: row.reportedUserId,
      targetType: row.type,
      targetId: row.targetId,
      chatId: row.chatId ?? null,
      reason: row.reason,
      note,
    })
    .onConflictDoNothing()
    .returning({ id: schema.reports.id });
  if (inserted.length === 0) return { created: false, type: row.type };
  if (row.type !== "chat" && row.type !== "review") await hideIfReported(row.type, row.targetId);
  return { created: true, type: row.type };
}

/** Reports a post or a comment (which one, the row says); deleted or unknown ids are a 404. */
export async function reportPost(input: { reporterId: string; postId: string } & ReportDetails): Promise<ReportResult> {
  const [post] = await getDb()
    .select({ id: schema.posts.id, authorId: schema.posts.authorId, parentId: schema.posts.parentId, gameId: schema.posts.gameId, projectId: schema.posts.projectId })
    .from(schema.posts)
    .where(and(eq(schema.posts.id, input.postId), isNull(schema.posts.deletedAt)))
    .limit(1);
  if (!post) throw new ReportError("Not Found", 404);
  const type = post.parentId || post.gameId || post.projectId ? "comment" : "post";
  return fileReport({ ...input, reportedUserId: post.authorId, type, targetId: post.id });
}

/**
 * Reports a profile or (with `chatId`, the caller having checked that the
 * reporter is a member and `reportedUserId` the other one) a conversation.
 */
export async function reportUser(input: { reporterId: string; reportedUserId: string; chatId?: string | null } & ReportDetails): Promise<ReportResult> {
  const [user] = await getDb().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, input.reportedUserId)).limit(1);
  if (!user) throw new ReportError("Not Found", 404);
  return fileReport({
    ...input,
    type: input.chatId ? "chat" : "user",
    targetId: input.chatId ?? input.reportedUserId,
  });
}

/** Reports a review shown to the reporter (the caller found it: `reviewerId` wrote it). */
export async function reportReview(input: { reporterId: string; reviewId: string; reviewerId: string } & ReportDetails): Promise<ReportResult> {
  return fileReport({ ...input, reportedUserId: input.reviewerId, type: "review", targetId: input.reviewId });
}

/** The campus and author of a post, comment or profile that can be hidden. */
async function hideableItem(type: HideableItem, id: string): Promise<{ campusId: string; authorId: string } | undefined> {
  if (type === "user") {
    const [user] = await getDb().select({ campusId: schema.users.campusId, authorId: schema.users.id }).from(schema.users).where(eq(schema.users.id, id)).limit(1);
    return user;
  }
  const [post] = await getDb().select({ campusId: schema.posts.campusId, authorId: schema.posts.authorId }).from(schema.posts).where(eq(schema.posts.id, id)).limit(1);
  return post;
}

/**
 * How many reports of an item count toward hiding it: open ones (not
 * dismissed or upheld), one per reporter, from users who are school-verified
 * on the item's campus (checked now, as each report arrives), never the
 * author's own.
 */
export async function countHidingReports(type: HideableItem, id: string): Promise<number> {
  const item = await hideableItem(type, id);
  if (!item) return 0;
  const { reports, users } = schema;
  const reporters = await getDb()
    .select({ verified: users.verified, email: users.email, schoolEmail: users.schoolEmail, schoolVerified: users.schoolVerified, role: users.role })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, "open"), ne(reports.reporterId, item.authorId)));
  let counted = 0;
  for (const reporter of reporters) if (await isSchoolVerifiedOn(reporter, item.campusId)) counted++;
  return counted;
}

/**
 * Hides the item when REPORTS_TO_HIDE reports count toward it (see
 * countHidingReports); an item already hidden keeps its time. A post or
 * comment leaves the counters others see (its author's post total, the
 * comment counts above it) in the same transaction. Returns whether it is
 * hidden now by this call.
 */
export async function hideIfReported(type: HideableItem, id: string, now = Date.now()): Promise<boolean> {
  if ((await countHidingReports(type, id)) < REPORTS_TO_HIDE) return false;
  if (type === "user") {
    const { users } = schema;
    const hidden = await getDb().update(users).set({ hiddenAt: now }).where(and(eq(users.id, id), isNull(users.hiddenAt))).returning({ id: users.id });
    return hidden.length > 0;
  }
  return transaction(async (tx) => {
    const [post] = await tx.update(schema.posts).set({ hiddenAt: now }).where(and(eq(schema.posts.id, id), isNull(schema.posts.hiddenAt))).returning(countedColumns);
    if (!post) return false;
    if (post.deletedAt === null) await moveCounts(tx, post, -1);
    return true;
  });
}

const countedColumns = {
  id: schema.posts.id,
  authorId: schema.posts.authorId,
  parentId: schema.posts.parentId,
  rootId: schema.posts.rootId,
  gameId: schema.posts.gameId,
  projectId: schema.posts.projectId,
  deletedAt: schema.posts.deletedAt,
};

/**
 * Shows a hidden item again (a moderator dismissed its reports), in the
 * caller's transaction when given one; a post or comment counts again.
 */
export async function unhideItem(type: HideableItem, id: string, tx?: Tx): Promise<void> {
  if (!tx) return transaction((t) => unhideItem(type, id, t));
  if (type === "user") {
    await tx.update(schema.users).set({ hiddenAt: null }).where(eq(schema.users.id, id));
    return;
  }
  const [post] = await tx.update(schema.posts).set({ hiddenAt: null }).where(and(eq(schema.posts.id, id), isNotNull(schema.posts.hiddenAt))).returning(countedColumns);
  if (post && post.deletedAt === null) {
    await moveCounts(tx, post, 1);
    // Shown again: a listing alerts the saved searches it matches (matching skips anything else).
    if (post.parentId === null) await enqueueListingAlerts(tx, id);
  }
}

/**
 * Which of these posts or comments (rows already read) are hidden by reports
 * from this viewer: from anyone but their author and the moderators. The
 * viewer's moderator flag is read once, and only when one is hidden from them.
 */
export async function hiddenFromViewer(rows: { id: string; hiddenAt: number | null; authorId: string }[], viewerId: string | null | undefined): Promise<Set<string>> {
  const hidden = rows.filter((r) => r.hiddenAt !== null && r.authorId !== viewerId);
  if (hidden.length === 0 || isModerator(viewerId ? await getUserById(viewerId) : undefined)) return new Set();
  return new Set(hidden.map((r) => r.id));
}

/**
 * A condition for queries of posts and comments, beside notBlockedWith: an
 * item hidden by reports only for its author and the moderators, and nothing
 * the viewer reported (`as`: the report type the rows can have). For a signed-in
 * viewer, a primary-key probe of the reports per row read, and one lookup of
 * the viewer's moderator flag only when a row is hidden.
 */
export function visibleAfterReports(viewerId: string | Placeholder | null | undefined, as: "post" | "comment" | "any"): SQL {
  const { posts, reports } = schema;
  if (!viewerId) return sql`${posts.hiddenAt} is null`;
  const types = as === "any" ? (["post", "comment"] as const) : ([as] as const);
  const isModerator = sql`exists (select 1 from users moderator where moderator.id = ${viewerId} and moderator.role in ('owner', 'moderator'))`;
  return sql`(${posts.hiddenAt} is null or ${posts.authorId} = ${viewerId} or ${isModerator})
    and not exists (select 1 from ${reports} where ${reports.reporterId} = ${viewerId} and ${inArray(reports.targetType, [...types])} and ${reports.targetId} = ${posts.id})`;
}
