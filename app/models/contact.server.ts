// Contact Me and Feedback (/more/help, /more/feedback; docs/product.md §20): a message to
// the owner, queued in the outbox like every other email.
import { config } from "~/services/config.server";
import { consume } from "~/services/rate-limit.server";
import { escapeHtml, sendMail } from "./mail.server";

export type ContactKind = "contact" | "feedback";

export const TOO_MANY_MESSAGES = "You have sent too many messages. Please try again in an hour.";

/**
 * Queues the message for CONTACT_EMAIL, unless the sender's network or
 * address has sent too many this hour (then nothing is queued).
 */
export async function sendContactMessage(input: {
  kind: ContactKind;
  email: string;
  message: string;
  clientIp: string;
  /** The signed-in sender's username, if any. */
  username?: string;
}): Promise<{ ok: true } | { ok: false; error: string }> {
  const email = input.email.trim().toLowerCase();
  if (!(await consume("contactIp", input.clientIp || "unknown")).ok) return { ok: false, error: TOO_MANY_MESSAGES };
  if (!(await consume("contactAddress", email)).ok) return { ok: false, error: TOO_MANY_MESSAGES };

  const subject = input.kind === "feedback" ? `Feedback from ${email}` : `Contact Me: message from ${email}`;
  const from = input.username ? `${email} (@${input.username})` : email;
  await sendMail({
    to: config().contactEmail,
    subject,
    kind: input.kind,
    text: `${subject}\n\n${input.message}\n\nReply to: ${from}`,
    html: [
      `<h1>${escapeHtml(subject)}</h1>`,
      `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
      `<p>Reply to: <a href="mailto:${escapeHtml(email)}">${escapeHtml(from)}</a></p>`,
    ].join(""),
  });
  return { ok: true };
}
