// The review queue (/moderation, docs/product.md §13): open reports grouped by the item
// they are about, newest report first, with the item itself, its reporters,
// the reasons and notes, the author's history and what moderators did about
// it; and the writes of a review (dismiss, uphold, suspend, name moderators),
// each recorded in moderation_actions. The reports themselves are filed
// elsewhere (reports.server.ts); this module only reads and resolves them.
import { and, asc, count, countDistinct, desc, eq, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import { formatDistanceStrict } from "date-fns";
import { REPORT_REASONS, reportReasonLabel } from "~/data/report-reasons";
import { forUpdate, getDb, newId, schema, transaction, type Db, type Tx } from "~/services/db.server";
import { cursorId, cursorInt, cursorParts, encodeCursor } from "~/services/cursor.server";
import type {
  ModerationActionView,
  ModerationEntryView,
  ModerationPage,
  ReportedAuthorView,
  ReportedItemView,
  ReportTargetType,
  ReportView,
} from "~/types/moderation";
import type { TextBlock } from "~/types/views";
import { priceLabel } from "~/utils/price";
import { timeView } from "~/services/time.server";
import { reportTargets } from "../../db/schema";
import { notifyModeration } from "./notifications.server";
import { loadMedia } from "./posts.server";
import { unhideItem } from "./reports.server";
import { activeSuspension, liftSuspension, suspendUser, suspensionLength, SUSPENSION_DAYS } from "./suspensions.server";
import { authorColumns, authorView, displayName, isOwner } from "./users.server";

export const MODERATION_PAGE_SIZE = 20;
/** The navigation shows at most this many open items; more reads "99+". */
export const OPEN_ITEMS_CAP = 100;
/** A reported conversation shows its last few messages. */
export const CHAT_MESSAGES_SHOWN = 5;
const EXCERPT_MAX = 280;

export type ReportTarget = { type: ReportTargetType; id: string };
export type ModerationActionKind = (typeof schema.moderationActions.$inferInsert)["action"];

/** "post:{id}": how forms and URLs name a reported item. */
export function targetKey(target: ReportTarget): string {
  return `${target.type}:${target.id}`;
}

/** A target named by a form or a URL, or null when it is not one. */
export function parseTargetKey(value: unknown): ReportTarget | null {
  if (typeof value !== "string") return null;
  const match = /^(post|comment|user|chat|review):([\w-]{1,64})$/.exec(value);
  if (!match || !(reportTargets as readonly string[]).includes(match[1]!)) return null;
  return { type: match[1] as ReportTargetType, id: match[2]! };
}

// ---------------------------------------------------------------------------
// The count in the moderator's navigation

/**
 * How many reported items wait for review, up to OPEN_ITEMS_CAP: one query
 * that walks the open part of reports_status_idx and stops at the cap.
 */
export async function countOpenReportedItems(): Promise<number> {
  const { reports } = schema;
  const db = getDb();
  const items = db
    .select({ one: sql`1`.as("one") })
    .from(reports)
    .where(eq(reports.status, "open"))
    .groupBy(reports.targetType, reports.targetId)
    .limit(OPEN_ITEMS_CAP)
    .as("items");
  const [row] = await db.select({ n: count() }).from(items);
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------
// The queue

type Cursor = { at: number; type: string; id: string };

function encodeModerationCursor(c: Cursor): string {
  return encodeCursor([c.at, c.type, c.id]);
}

function decodeModerationCursor(value: string | null | undefined): Cursor | null {
  const parts = cursorParts(value, 3);
  const c = { at: cursorInt(parts?.[0]), type: parts?.[1] ?? "", id: cursorId(parts?.[2]) };
  return c.at !== null && (reportTargets as readonly string[]).includes(c.type) && c.id !== null ? { at: c.at, type: c.type, id: c.id } : null;
}

type Group = { targetType: ReportTargetType; targetId: string; latest: number; reportedUserId: string };

/**
 * One page of the queue: reported items with open reports, the item with the
 * newest report first, keyset paged on (newest report, type, id). A fixed
 * number of queries per page, whatever its length: the groups, then one each
 * for their reports, posts, media, people, upheld counts, messages and actions.
 */
export async function getModerationPage(opts: { timeZone: string; cursor?: string | null; limit?: number; now?: number }): Promise<ModerationPage> {
  const { reports } = schema;
  const limit = opts.limit ?? MODERATION_PAGE_SIZE;
  const cursor = decodeModerationCursor(opts.cursor);
  const latest = sql<number>`max(${reports.createdAt})`.mapWith(Number);
  const rows = await getDb()
    .select({ targetType: reports.targetType, targetId: reports.targetId, latest, reportedUserId: sql<string>`max(${reports.reportedUserId})` })
    .from(reports)
    .where(eq(reports.status, "open"))
    .groupBy(reports.targetType, reports.targetId)
    .having(
      cursor
        ? or(
            lt(latest, cursor.at),
            and(eq(latest, cursor.at), or(lt(reports.targetType, cursor.type as ReportTargetType), and(eq(reports.targetType, cursor.type as ReportTargetType), lt(reports.targetId, cursor.id)))),
          )
        : undefined,
    )
    .orderBy(desc(latest), desc(reports.targetType), desc(reports.targetId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: await buildEntries(page, opts.timeZone, opts.now ?? Date.now()),
    nextCursor: rows.length > limit && last ? encodeModerationCursor({ at: last.latest, type: last.targetType, id: last.targetId }) : null,
  };
}

/** One reported item's entry (the confirmation dialogs name its author), or null when nothing about it is open. */
export async function getModerationEntry(target: ReportTarget, timeZone: string, now = Date.now()): Promise<ModerationEntryView | null> {
  const open = await openReportsOf(target);
  if (open.length === 0) return null;
  const group: Group = { targetType: target.type, targetId: target.id, latest: Math.max(...open.map((r) => r.createdAt)), reportedUserId: open[0]!.reportedUserId };
  return (await buildEntries([group], timeZone, now))[0] ?? null;
}

/** The label of the reason most of these reports give (ties: the order of REPORT_REASONS). */
export function topReason(reportRows: { reason: string }[]): { id: string; label: string } {
  const tally = new Map<string, number>();
  for (const r of reportRows) tally.set(r.reason, (tally.get(r.reason) ?? 0) + 1);
  let best: (typeof REPORT_REASONS)[number] = REPORT_REASONS[REPORT_REASONS.length - 1]!;
  let bestCount = 0;
  for (const reason of REPORT_REASONS) {
    const n = tally.get(reason.id) ?? 0;
    if (n > bestCount) {
      best = reason;
      bestCount = n;
    }
  }
  return { id: best.id, label: best.label };
}

function excerpt(blocks: TextBlock[] | null): string {
  const text = (blocks ?? []).map((b) => b.text.trim()).filter(Boolean).join(" ");
  return text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : text;
}

async function buildEntries(groups: Group[], timeZone: string, now: number): Promise<ModerationEntryView[]> {
  if (groups.length === 0) return [];
  const { reports, posts, users, moderationActions } = schema;
  const db = getDb();
  const ids = groups.map((g) => g.targetId);
  const postIds = groups.filter((g) => g.targetType === "post" || g.targetType === "comment").map((g) => g.targetId);
  const chatIds = groups.filter((g) => g.targetType === "chat").map((g) => g.targetId);
  const reviewIds = groups.filter((g) => g.targetType === "review").map((g) => g.targetId);
  const reporterColumns = { ...authorColumns, role: users.role };

  const [reportRows, postRows, actionRows, messageRows, reviewRows] = await Promise.all([
    db
      .select({ id: reports.id, targetType: reports.targetType, targetId: reports.targetId, reason: reports.reason, note: reports.note, createdAt: reports.createdAt, reporter: reporterColumns })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(and(eq(reports.status, "open"), inArray(reports.targetId, ids)))
      .orderBy(desc(reports.createdAt), desc(reports.id)),
    postIds.length
      ? db
          .select({
            id: posts.id,
            text: posts.text,
            rootId: posts.rootId,
            gameId: posts.gameId,
            projectId: posts.projectId,
            deletedAt: posts.deletedAt,
            hiddenAt: posts.hiddenAt,
            priceCents: posts.priceCents,
            isFree: posts.isFree,
            priceTerms: posts.priceTerms,
            status: posts.status,
            mediaCount: sql<number>`${posts.imgCount} + ${posts.vidCount}`.mapWith(Number),
            authorFirstName: users.firstName, // for the photos' fallback alt
          })
          .from(posts)
          .innerJoin(users, eq(users.id, posts.authorId))
          .where(inArray(posts.id, postIds))
      : Promise.resolve([]),
    db
      .select({
        id: moderationActions.id,
        targetType: moderationActions.targetType,
        targetId: moderationActions.targetId,
        action: moderationActions.action,
        detail: moderationActions.detail,
        authorId: moderationActions.authorId,
        createdAt: moderationActions.createdAt,
        moderator: authorColumns,
      })
      .from(moderationActions)
      .leftJoin(users, eq(users.id, moderationActions.moderatorId))
      .where(inArray(moderationActions.targetId, ids))
      .orderBy(asc(moderationActions.createdAt), asc(moderationActions.id)),
    chatIds.length ? lastMessagesOf(db, chatIds) : Promise.resolve([]),
    reviewIds.length
      ? db
          .select({ id: schema.reviews.id, rating: schema.reviews.rating, text: schema.reviews.text, removedAt: schema.reviews.removedAt, reviewee: users.username })
          .from(schema.reviews)
          .innerJoin(users, eq(users.id, schema.reviews.revieweeId))
          .where(inArray(schema.reviews.id, reviewIds))
      : Promise.resolve([]),
  ]);

  // The people the entries name: authors, reported profiles, the subjects of earlier actions.
  const personIds = [
    ...new Set([
      ...groups.map((g) => g.reportedUserId),
      ...groups.filter((g) => g.targetType === "user").map((g) => g.targetId),
      ...actionRows.map((a) => a.authorId).filter((id): id is string => !!id),
    ]),
  ];
  const authorIds = [...new Set(groups.map((g) => g.reportedUserId))];
  const [people, upheld, media] = await Promise.all([
    db
      .select({
        ...authorColumns,
        createdAt: users.createdAt,
        role: users.role,
        suspendedAt: users.suspendedAt,
        suspendedUntil: users.suspendedUntil,
        suspensionReason: users.suspensionReason,
        hiddenAt: users.hiddenAt,
      })
      .from(users)
      .where(inArray(users.id, personIds)),
    db
      .select({ userId: reports.reportedUserId, n: countDistinct(reports.targetId) })
      .from(reports)
      .where(and(eq(reports.status, "upheld"), inArray(reports.reportedUserId, authorIds)))
      .groupBy(reports.reportedUserId),
    loadMedia(postRows.filter((p) => p.mediaCount > 0 && !p.deletedAt).map((p) => ({ id: p.id, firstName: p.authorFirstName }))),
  ]);
  const personById = new Map(people.map((p) => [p.id, p]));
  const upheldBy = new Map(upheld.map((u) => [u.userId, u.n]));
  const postById = new Map(postRows.map((p) => [p.id, p]));

  const itemOf = (g: Group): ReportedItemView => {
    if (g.targetType === "post" || g.targetType === "comment") {
      const p = postById.get(g.targetId);
      const exists = !!p && !p.deletedAt;
      const href = `/post/${g.targetId}`;
      if (g.targetType === "post") {
        return {
          kind: "post",
          exists,
          href,
          excerpt: exists ? excerpt(p.text) : "",
          media: exists ? (media.get(g.targetId) ?? []) : [],
          price: exists ? priceLabel(p) : null,
          status: exists && p.priceCents !== null ? p.status : null,
          hidden: !!p?.hiddenAt,
        };
      }
      const threadHref = !p
        ? null
        : p.gameId
          ? `/game/${p.gameId}?show=comments#post-${p.id}`
          : p.projectId
            ? `/project/${p.projectId}?show=comments#post-${p.id}`
            : p.rootId
              ? `/post/${p.rootId}#post-${p.id}`
              : null;
      return { kind: "comment", exists, href, threadHref: exists ? threadHref : null, text: exists ? p.text : [], hidden: !!p?.hiddenAt };
    }
    if (g.targetType === "review") {
      const r = reviewRows.find((row) => row.id === g.targetId);
      return { kind: "review", exists: !!r, href: r ? `/${r.reviewee}?show=reviews` : "", rating: r?.rating ?? 0, text: r?.text ?? null, removed: !!r?.removedAt };
    }
    if (g.targetType === "user") {
      const u = personById.get(g.targetId);
      return { kind: "user", exists: !!u, href: u ? `/${u.username}` : "", profile: u ? authorView(u) : null, hidden: !!u?.hiddenAt };
    }
    const shown = messageRows
      .filter((m) => m.chatId === g.targetId)
      .reverse()
      .map((m) => ({ id: m.id, sender: authorView(m.sender), text: m.text, time: timeView(m.createdAt, timeZone, now) }));
    return { kind: "chat", exists: shown.length > 0, messages: shown };
  };

  const authorOf = (g: Group): ReportedAuthorView | null => {
    const u = personById.get(g.reportedUserId);
    if (!u) return null;
    const suspension = activeSuspension(u, now);
    return {
      user: authorView(u),
      accountAge: formatDistanceStrict(Math.min(u.createdAt, now), now),
      upheldCount: upheldBy.get(u.id) ?? 0,
      suspension: suspension ? `Suspended ${suspensionLength(suspension, timeZone)}: ${suspension.reason}` : null,
      // The role as named (a suspended moderator is still listed as one, for the owner to see).
      isModerator: u.role === "moderator",
      isOwner: isOwner(u),
    };
  };

  const actionText = (a: (typeof actionRows)[number]): string => {
    const subject = a.authorId ? personById.get(a.authorId) : undefined;
    const name = subject ? displayName(subject) : "a deleted account";
    switch (a.action) {
      case "dismiss":
        return "Dismissed the reports";
      case "remove":
        return `Removed the ${a.targetType === "comment" ? "comment" : "post"}${a.detail ? `: ${a.detail}` : ""}`;
      case "suspend":
        return `Suspended ${name}${a.detail ? ` ${a.detail}` : ""}`;
      case "unsuspend":
        return `Lifted ${name}'s suspension`;
      case "make-moderator":
        return `Made ${name} a moderator`;
      case "remove-moderator":
        return `Removed ${name} as a moderator`;
    }
  };

  return groups.map((g) => {
    const own = reportRows.filter((r) => r.targetType === g.targetType && r.targetId === g.targetId);
    const reportViews: ReportView[] = own.map((r) => ({
      id: r.id,
      reporter: authorView(r.reporter),
      reporterIsModerator: r.reporter.role === "moderator",
      reporterIsOwner: isOwner(r.reporter),
      reason: reportReasonLabel(r.reason),
      note: r.note,
      time: timeView(r.createdAt, timeZone, now),
    }));
    const actions: ModerationActionView[] = actionRows
      .filter((a) => a.targetType === g.targetType && a.targetId === g.targetId)
      .map((a) => ({ id: a.id, moderator: a.moderator ? authorView(a.moderator) : null, text: actionText(a), time: timeView(a.createdAt, timeZone, now) }));
    const top = topReason(own);
    return {
      id: targetKey({ type: g.targetType, id: g.targetId }),
      targetType: g.targetType,
      targetId: g.targetId,
      item: itemOf(g),
      author: authorOf(g),
      reports: reportViews,
      topReason: top.label,
      topReasonId: top.id,
      latest: timeView(g.latest, timeZone, now),
      actions,
    };
  });
}

/** The last CHAT_MESSAGES_SHOWN messages of each conversation, newest first, in one query. */
async function lastMessagesOf(db: Db, chatIds: string[]) {
  const { messages, users } = schema;
  const ranked = db
    .select({
      id: messages.id,
      chatId: messages.chatId,
      senderId: messages.senderId,
      text: messages.text,
      createdAt: messages.createdAt,
      rank: sql<number>`row_number() over (partition by ${messages.chatId} order by ${messages.createdAt} desc, ${messages.id} desc)`.as("rank"),
    })
    .from(messages)
    .where(inArray(messages.chatId, chatIds))
    .as("ranked");
  return await db
    .select({ id: ranked.id, chatId: ranked.chatId, text: ranked.text, createdAt: ranked.createdAt, sender: authorColumns })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.senderId))
    .where(lte(ranked.rank, CHAT_MESSAGES_SHOWN))
    .orderBy(desc(ranked.createdAt), desc(ranked.id));
}

// ---------------------------------------------------------------------------
// Reviewing: every write is recorded in moderation_actions with who and when.

/**
 * The open reports of one item (its reporters' reasons and the author). With
 * `lock` (inside a transaction) they are taken until it ends: of two reviews
 * of one item at once, the second waits and then finds them resolved.
 */
export async function openReportsOf(target: ReportTarget, db: Tx | Db = getDb(), opts: { lock?: boolean } = {}) {
  const { reports } = schema;
  const query = db
    .select({ id: reports.id, reason: reports.reason, reportedUserId: reports.reportedUserId, createdAt: reports.createdAt })
    .from(reports)
    .where(and(eq(reports.targetType, target.type), eq(reports.targetId, target.id), eq(reports.status, "open")));
  return await (opts.lock ? forUpdate(query) : query);
}

export const ALREADY_RESOLVED = "These reports were already resolved.";
export const NOT_SUSPENDED = "This author is not suspended.";

/** A review refused: nothing changed and nothing was recorded; `status` is what the form post answers. */
export class ModerationError extends Error {
  constructor(
    message: string,
    readonly status: 403 | 404 | 409,
  ) {
    super(message);
  }
}

/** Every review acts on an item with open reports: they are taken for the transaction, or the review is refused. */
async function takeOpenReports(tx: Tx, target: ReportTarget) {
  const open = await openReportsOf(target, tx, { lock: true });
  if (open.length === 0) throw new ModerationError(ALREADY_RESOLVED, 409);
  return open;
}

/** The reported item's author: the reports name them (the profile itself, the other member of a conversation). */
export async function reportedAuthorOf(target: ReportTarget): Promise<string | null> {
  const { reports } = schema;
  const [row] = await getDb()
    .select({ userId: reports.reportedUserId })
    .from(reports)
    .where(and(eq(reports.targetType, target.type), eq(reports.targetId, target.id)))
    .orderBy(desc(reports.createdAt))
    .limit(1);
  return row?.userId ?? null;
}

async function recordAction(
  tx: Tx,
  a: { moderatorId: string; target: ReportTarget; authorId: string | null; action: ModerationActionKind; detail?: string | null; now: number },
): Promise<string> {
  const id = newId();
  await tx.insert(schema.moderationActions).values({
    id,
    moderatorId: a.moderatorId,
    targetType: a.target.type,
    targetId: a.target.id,
    authorId: a.authorId,
    action: a.action,
    detail: a.detail ?? null,
    createdAt: a.now,
  });
  return id;
}

/** Closes the item's open reports as dismissed or upheld; how many were open. */
async function resolveReports(tx: Tx, target: ReportTarget, status: "dismissed" | "upheld", now: number): Promise<number> {
  const { reports } = schema;
  const resolved = await tx
    .update(reports)
    .set({ status, resolvedAt: now })
    .where(and(eq(reports.targetType, target.type), eq(reports.targetId, target.id), eq(reports.status, "open")))
    .returning({ id: reports.id });
  return resolved.length;
}

/**
 * Dismiss: the item's open reports are closed as dismissed and the item is
 * shown again (its hidden_at cleared). Refused (ModerationError) when nothing
 * is open any more: another moderator got there first.
 */
export function dismissReports(input: { moderatorId: string; target: ReportTarget; now?: number }): Promise<void> {
  const now = input.now ?? Date.now();
  const { target } = input;
  return transaction(async (tx) => {
    const [open] = await takeOpenReports(tx, target);
    await resolveReports(tx, target, "dismissed", now);
    if (target.type !== "chat" && target.type !== "review") await unhideItem(target.type, target.id, tx);
    await recordAction(tx, { moderatorId: input.moderatorId, target, authorId: open!.reportedUserId, action: "dismiss", now });
  });
}

/** A removal under way: the reports it upheld and the action it recorded, to finish or undo. */
export type RemovalClaim = { target: ReportTarget; reportIds: string[]; actionId: string; reason: string; authorId: string; now: number };

/**
 * Remove item, first step: the item's open reports are upheld and the removal
 * recorded with the most-reported reason, in one transaction that takes the
 * reports first, so of a Remove and a Dismiss (or two Removes) at once exactly
 * one goes ahead and the other is refused (ModerationError). The post itself
 * is deleted next, outside (its files cannot be removed in a transaction);
 * then finishRemoval tells the author, or releaseRemoval undoes this step.
 */
export function claimRemoval(input: { moderatorId: string; target: ReportTarget; now?: number }): Promise<RemovalClaim> {
  const now = input.now ?? Date.now();
  const { target } = input;
  return transaction(async (tx) => {
    const open = await takeOpenReports(tx, target);
    const reason = topReason(open).label;
    const authorId = open[0]!.reportedUserId;
    await resolveReports(tx, target, "upheld", now);
    const actionId = await recordAction(tx, { moderatorId: input.moderatorId, target, authorId, action: "remove", detail: reason, now });
    return { target, reportIds: open.map((r) => r.id), actionId, reason, authorId, now };
  });
}

/** Remove item, done: the author gets `notice` in the app. */
export function finishRemoval(claim: RemovalClaim, input: { moderatorId: string; authorId: string; notice: string }): Promise<void> {
  return transaction(async (tx) => {
    await notifyModeration(tx, { userId: input.authorId, message: input.notice, now: claim.now });
  });
}

/** The delete failed: the reports the claim upheld are open again and its record is gone, as if it never happened. */
export function releaseRemoval(claim: RemovalClaim): Promise<void> {
  const { reports, moderationActions } = schema;
  return transaction(async (tx) => {
    await tx
      .update(reports)
      .set({ status: "open", resolvedAt: null })
      .where(and(inArray(reports.id, claim.reportIds), eq(reports.status, "upheld"), eq(reports.resolvedAt, claim.now)));
    await tx.delete(moderationActions).where(eq(moderationActions.id, claim.actionId));
  });
}

/**
 * Suspends the item's author (7 days or permanently, with the reason) and
 * records it on the item; the reports stay open for a Dismiss or a Remove.
 * Refused for the owner (SuspensionError), and when the item has no open
 * reports (ModerationError).
 */
export function suspendAuthor(input: { moderatorId: string; target: ReportTarget; authorId: string; permanent: boolean; reason: string; now?: number }) {
  const now = input.now ?? Date.now();
  return transaction(async (tx) => {
    await takeOpenReports(tx, input.target);
    const suspension = await suspendUser({ userId: input.authorId, permanent: input.permanent, reason: input.reason, now }, tx);
    const length = input.permanent ? "permanently" : `for ${SUSPENSION_DAYS} days`;
    await recordAction(tx, { moderatorId: input.moderatorId, target: input.target, authorId: input.authorId, action: "suspend", detail: `${length}: ${input.reason}`, now });
    return suspension;
  });
}

/**
 * Lifts the author's suspension, recorded on the item. Refused
 * (ModerationError) when the item has no open reports or the author is not
 * suspended now (activeSuspension, read with the author's row taken).
 */
export function unsuspendAuthor(input: { moderatorId: string; target: ReportTarget; authorId: string; now?: number }): Promise<void> {
  const now = input.now ?? Date.now();
  const { users } = schema;
  return transaction(async (tx) => {
    await takeOpenReports(tx, input.target);
    const [author] = await forUpdate(
      tx
        .select({ role: users.role, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil, suspensionReason: users.suspensionReason })
        .from(users)
        .where(eq(users.id, input.authorId))
        .limit(1),
    );
    if (!author) throw new ModerationError("Not Found", 404);
    if (!activeSuspension(author, now)) throw new ModerationError(NOT_SUSPENDED, 409);
    await liftSuspension(input.authorId, tx, now);
    await recordAction(tx, { moderatorId: input.moderatorId, target: input.target, authorId: input.authorId, action: "unsuspend", now });
  });
}

/**
 * The owner names a moderator (or takes it back) from an item's entry: a
 * reporter or the author. The owner is a moderator whatever this says.
 * False when there is no such user.
 */
export function setModerator(input: { ownerId: string; target: ReportTarget; userId: string; moderator: boolean; now?: number }): Promise<boolean> {
  const now = input.now ?? Date.now();
  return transaction(async (tx) => {
    const updated = await tx
      .update(schema.users)
      .set({ role: input.moderator ? "moderator" : "member", updatedAt: now })
      // The owner's role never changes here.
      .where(and(eq(schema.users.id, input.userId), ne(schema.users.role, "owner")))
      .returning({ id: schema.users.id });
    if (updated.length === 0) return false;
    await recordAction(tx, {
      moderatorId: input.ownerId,
      target: input.target,
      authorId: input.userId,
      action: input.moderator ? "make-moderator" : "remove-moderator",
      now,
    });
    return true;
  });
}
