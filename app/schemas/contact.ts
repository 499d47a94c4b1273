import * as z from "zod/mini";
import { emailField, requiredText } from "./fields";

import { MESSAGE_MAX } from "~/utils/limits";

export { MESSAGE_MAX };

/** The Contact Me and Feedback forms. */
export const contactSchema = z.object({
  email: emailField,
  message: requiredText("Please write a message.", {
    max: MESSAGE_MAX,
    tooLong: `Please keep it under ${MESSAGE_MAX} characters.`,
  }),
});
