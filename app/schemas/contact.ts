import * as z from "zod";
import { emailField } from "./fields";

export const MESSAGE_MAX = 2000;

/** The Contact Me and Feedback forms. */
export const contactSchema = z.object({
  email: emailField,
  message: z
    .string({ error: "Please write a message." })
    .trim()
    .min(1, { error: "Please write a message." })
    .max(MESSAGE_MAX, { error: `Please keep it under ${MESSAGE_MAX} characters.` }),
});
