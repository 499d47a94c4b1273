// The Contact Me / Feedback form (docs/product.md §20): the shared schema checks it,
// the contact model rate-limits and queues it. The form lives here, not in the model,
// so models import no form schema.
import type { SubmissionResult } from "@conform-to/react";
import { sendContactMessage, type ContactKind } from "~/models/contact.server";
import { contactSchema } from "~/schemas/contact";
import { parseWithSchema } from "~/utils/form";

/**
 * The Contact Me / Feedback form's action: checks it with the shared schema
 * and sends it, or says why not (400 bad input, 429 too many) with the input kept.
 */
export async function submitContactForm(
  formData: FormData,
  opts: { kind: ContactKind; clientIp: string; username?: string },
): Promise<{ ok: true } | { ok: false; status: number; reply: SubmissionResult<string[]> }> {
  const submission = parseWithSchema(formData, contactSchema);
  if (submission.status !== "success") return { ok: false, status: 400, reply: submission.reply() };
  const sent = await sendContactMessage({ ...opts, ...submission.value });
  if (!sent.ok) return { ok: false, status: 429, reply: submission.reply({ formErrors: [sent.error] }) };
  return { ok: true };
}
