import * as z from "zod/mini";
import { ONE_LINE_MESSAGES, requiredText } from "./fields";

import { BIO_MAX, NAME_PART_MAX, PROFILE_MESSAGES } from "~/utils/limits";

export { BIO_MAX, PROFILE_MESSAGES };

/** Edit display name (docs/product.md §5): first and last, at most 20 characters each. */
export const nameSchema = z.object({
  firstName: requiredText(PROFILE_MESSAGES.firstNameRequired, { max: NAME_PART_MAX, tooLong: PROFILE_MESSAGES.firstNameTooLong, oneLine: ONE_LINE_MESSAGES.name }),
  lastName: requiredText(PROFILE_MESSAGES.lastNameRequired, { max: NAME_PART_MAX, tooLong: PROFILE_MESSAGES.lastNameTooLong, oneLine: ONE_LINE_MESSAGES.name }),
});

/** Edit bio (docs/product.md §5): at most 160 characters; empty clears it. */
export const bioSchema = z.object({
  bio: z.pipe(
    z.optional(
      z.string().check(
        // A textarea sends line breaks as CRLF: count one per break, as the counter does.
        z.overwrite((value) => value.replace(/\r\n?/g, "\n")),
        z.trim(),
        z.maxLength(BIO_MAX, { error: PROFILE_MESSAGES.bioTooLong }),
      ),
    ),
    z.transform((value: string | undefined) => value ?? ""),
  ),
});
