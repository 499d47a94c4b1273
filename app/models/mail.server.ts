import { desc, eq } from "drizzle-orm";
import { getDb, newId, schema, type Db, type Tx } from "~/services/db.server";

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
};

/**
 * Queues an email: it is a row in the outbox first (design A3, B); a worker
 * delivers it. Pass the transaction when the mail belongs to a change of data.
 * Returns the row id.
 */
export async function sendMail(mail: OutgoingMail, tx: Tx | Db = getDb()): Promise<string> {
  const id = newId();
  await tx
    .insert(schema.mail)
    .values({ id, ...mail, to: mail.to.toLowerCase() });
  return id;
}

/** The outbox of one address, newest first (dev mailbox). */
export function listMailTo(address: string, limit = 50) {
  return getDb()
    .select({
      id: schema.mail.id,
      subject: schema.mail.subject,
      html: schema.mail.html,
      status: schema.mail.status,
      createdAt: schema.mail.createdAt,
    })
    .from(schema.mail)
    .where(eq(schema.mail.to, address.trim().toLowerCase()))
    .orderBy(desc(schema.mail.createdAt), desc(schema.mail.id))
    .limit(limit);
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for the HTML part of an email. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
