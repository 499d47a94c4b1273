import * as z from "zod/mini";
import { NAME_PART_MAX } from "~/utils/names";
import { requiredText } from "./fields";

export const BIO_MAX = 160;

export const PROFILE_MESSAGES = {
  firstNameRequired: "First name is required.",
  firstNameTooLong: `First name can be at most ${NAME_PART_MAX} characters.`,
  lastNameRequired: "Last name is required.",
  lastNameTooLong: `Last name can be at most ${NAME_PART_MAX} characters.`,
  bioTooLong: `Bio can be at most ${BIO_MAX} characters.`,
  updated: "Profile Updated",
} as const;

/** Edit display name (§5): first and last, at most 20 characters each. */
export const nameSchema = z.object({
  firstName: requiredText(PROFILE_MESSAGES.firstNameRequired, { max: NAME_PART_MAX, tooLong: PROFILE_MESSAGES.firstNameTooLong }),
  lastName: requiredText(PROFILE_MESSAGES.lastNameRequired, { max: NAME_PART_MAX, tooLong: PROFILE_MESSAGES.lastNameTooLong }),
});

/** Edit bio (§5): at most 160 characters; empty clears it. */
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
