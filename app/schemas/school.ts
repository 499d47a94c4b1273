import * as z from "zod/mini";
import { emailField } from "./fields";

const CODE_MESSAGE = "Enter the 6-digit code from the email.";

/** Step one of /add-code: the school email the code goes to (design A5). */
export const schoolEmailSchema = z.object({ email: emailField });

/** Step two of /add-code: the code sent to that address. */
export const schoolCodeSchema = z.object({
  email: emailField,
  code: z.string({ error: CODE_MESSAGE }).check(z.trim(), z.regex(/^\d{6}$/, { error: CODE_MESSAGE })),
});
