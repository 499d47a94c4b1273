import { desc, eq } from "drizzle-orm";
import { getDb, newId, schema, type Tx } from "~/services/db.server";
import { timeView } from "~/utils/time.server";
import { escapeHtml, sendMail } from "./mail.server";
import type { AuthorView, TimeView } from "./types";
import { unsubscribeUrl } from "./unsubscribe.server";
import { authorColumns, authorView, displayName } from "./users.server";

export type NotificationType = (typeof schema.notifications.$inferInsert)["type"];

/** The outbox kind of each notification's email (the ones a user can turn off). */
const MAIL_KIND: Record<NotificationType, string> = {
  comment: "comment",
  "comment reply": "comment reply",
  "comment interaction": "like",
  "post interaction": "like",
  message: "message",
};

const VERB: Record<NotificationType, string> = {
  comment: "commented on your post",
  "comment reply": "replied to your comment",
  "comment interaction": "saved your comment",
  "post interaction": "saved your post",
  message: "sent you a message",
};

/**
 * Records a notification for `userId` about `actorId`'s action and, when the
 * recipient wants email, queues one with a link to the item (§1, §7). Never
 * for a user's own actions. Runs inside the caller's transaction.
 */
export function notify(
  tx: Tx,
  n: {
    userId: string;
    actorId: string;
    type: NotificationType;
    link: { path: string; origin: string };
    postId?: string;
    gameId?: string;
    projectId?: string;
    excerpt?: string;
  },
) {
  if (n.userId === n.actorId) return;
  const recipient = tx.select().from(schema.users).where(eq(schema.users.id, n.userId)).get();
  const actor = tx.select().from(schema.users).where(eq(schema.users.id, n.actorId)).get();
  if (!recipient || !actor) return;
  // On a game or project the item is named instead of "post".
  const item = n.postId === undefined || n.type === "comment" ? (n.gameId ? "game" : n.projectId ? "project" : null) : null;
  const verb = item ? VERB[n.type].replace(/post$/, item) : VERB[n.type];
  const message = `${displayName(actor)} ${verb}`;
  tx.insert(schema.notifications)
    .values({
      id: newId(),
      userId: n.userId,
      actorId: n.actorId,
      type: n.type,
      postId: n.postId,
      gameId: n.gameId,
      projectId: n.projectId,
      message,
    })
    .run();
  if (!recipient.emailNotifications) return;
  const url = `${n.link.origin}${n.link.path}`;
  const unsubscribe = unsubscribeUrl(recipient.id, n.link.origin);
  const quote = n.excerpt ? n.excerpt.slice(0, 280) : "";
  sendMail(
    {
      to: recipient.email,
      kind: MAIL_KIND[n.type],
      subject: message,
      text: [
        `Hi ${recipient.firstName},`,
        "",
        `${message}.`,
        quote ? `\n"${quote}"\n` : "",
        `See it here: ${url}`,
        "",
        `Turn off these emails: ${unsubscribe}`,
      ].join("\n"),
      html: [
        `<p>Hi ${escapeHtml(recipient.firstName)},</p>`,
        `<p>${escapeHtml(message)}.</p>`,
        quote ? `<blockquote>${escapeHtml(quote)}</blockquote>` : "",
        `<p><a href="${escapeHtml(url)}">See it on Campus BuySell</a></p>`,
        `<p style="font-size:13px;color:#555"><a href="${escapeHtml(unsubscribe)}">Turn off these emails</a></p>`,
      ].join(""),
    },
    tx,
  );
}

export type NotificationView = {
  id: string;
  type: NotificationType;
  /** Who acted, joined at read time: their current name, username and photo. */
  actor: AuthorView;
  /** "Avery L. commented on your post", from the actor's current name. */
  text: string;
  postId: string | null;
  gameId: string | null;
  projectId: string | null;
  read: boolean;
  time: TimeView;
};

/**
 * A user's notifications, newest first, with the actor joined (design B): a
 * new name, username or photo shows here at once. The stored `message` is only
 * the subject the email went out with.
 */
export function listNotifications(userId: string, timeZone: string, limit = 30): NotificationView[] {
  const { notifications } = schema;
  const rows = getDb()
    .select({
      id: notifications.id,
      type: notifications.type,
      postId: notifications.postId,
      gameId: notifications.gameId,
      projectId: notifications.projectId,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      actor: authorColumns,
    })
    .from(notifications)
    .innerJoin(schema.users, eq(schema.users.id, notifications.actorId))
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .all();
  const now = Date.now();
  return rows.map((r) => {
    const actor = authorView(r.actor);
    return {
      id: r.id,
      type: r.type,
      actor,
      text: `${actor.displayName} ${VERB[r.type]}`,
      postId: r.postId,
      gameId: r.gameId,
      projectId: r.projectId,
      read: r.readAt !== null,
      time: timeView(r.createdAt, timeZone, now),
    };
  });
}
