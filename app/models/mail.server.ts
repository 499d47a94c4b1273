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
 * Queues an email: it is a row in the outbox first (docs/product.md §16); a worker
 * delivers it. Pass the transaction when the mail belongs to a change of data.
 * Returns the row id.
 */
export async function sendMail(mail: OutgoingMail, tx: Tx | Db = getDb()): Promise<string> {
  // Headers are one line each: a line break in one is how another is injected.
  // The forms refuse them in names and addresses; this is the second line of defence.
  if (BREAKS.test(mail.to)) throw new Error("A mail address can't contain line breaks or control characters.");
  const id = newId();
  await tx
    .insert(schema.mail)
    .values({ id, ...mail, to: mail.to.toLowerCase(), subject: oneLineSubject(mail.subject) });
  return id;
}

// Control characters (CR and LF included) and the Unicode line and paragraph separators.
const BREAKS = /[\p{Cc}\u2028\u2029]/u;
const BREAK_RUNS = /[\p{Cc}\u2028\u2029]+/gu;

/** A subject on one line: each run of line breaks or control characters becomes one space. */
export function oneLineSubject(subject: string): string {
  return subject.replace(BREAK_RUNS, " ").trim();
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

/** An email with a title, an introduction, an optional button link and code, and a closing note: HTML and plain text. */
export function mailLayout(opts: { title: string; intro: string; action?: { label: string; url: string }; code?: string | null; outro: string }) {
  const button = opts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#841617;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(opts.action.label)}</a></p>
<p style="font-size:13px;color:#555">Or paste this link into your browser: <a href="${escapeHtml(opts.action.url)}">${escapeHtml(opts.action.url)}</a></p>`
    : "";
  const code = opts.code
    ? `<p>Your code: <strong style="font-size:22px;letter-spacing:4px" data-code>${escapeHtml(opts.code)}</strong></p>`
    : "";
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(opts.title)}</h1>
<p>${escapeHtml(opts.intro)}</p>${button}${code}
<p style="font-size:13px;color:#555">${escapeHtml(opts.outro)}</p>
</body></html>`;
  const text = [
    opts.title,
    "",
    opts.intro,
    ...(opts.action ? ["", `${opts.action.label}: ${opts.action.url}`] : []),
    ...(opts.code ? ["", `Your code: ${opts.code}`] : []),
    "",
    opts.outro,
  ].join("\n");
  return { html, text };
}
