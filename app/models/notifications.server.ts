import { eq } from "drizzle-orm";
import { newId, schema, type Tx } from "~/services/db.server";
import { escapeHtml, sendMail } from "./mail.server";
import { displayName } from "./users.server";

export type NotificationType = (typeof schema.notifications.$inferInsert)["type"];

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
  const quote = n.excerpt ? n.excerpt.slice(0, 280) : "";
  sendMail(
    {
      to: recipient.email,
      kind: `notification:${n.type}`,
      subject: message,
      text: [`Hi ${recipient.firstName},`, "", `${message}.`, quote ? `\n"${quote}"\n` : "", `See it here: ${url}`].join("\n"),
      html: [
        `<p>Hi ${escapeHtml(recipient.firstName)},</p>`,
        `<p>${escapeHtml(message)}.</p>`,
        quote ? `<blockquote>${escapeHtml(quote)}</blockquote>` : "",
        `<p><a href="${escapeHtml(url)}">See it on Campus BuySell</a></p>`,
      ].join(""),
    },
    tx,
  );
}
