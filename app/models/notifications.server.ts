import { eq } from "drizzle-orm";
import { newId, schema, type Tx } from "~/services/db.server";
import { escapeHtml, sendMail } from "./mail.server";
import { unsubscribeUrl } from "./unsubscribe.server";
import { displayName } from "./users.server";

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
  const message = `${displayName(actor)} ${VERB[n.type]}`;
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
