import * as z from "zod/mini";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { PASSWORD_MAX, USERNAME_MAX } from "~/utils/limits";
import { isReservedUsername } from "~/utils/reserved-names";
import { emailField, inputMaxLength, ONE_LINE_MESSAGES, oneLine } from "./fields";

/** Change username (/settings/account/screen_name): max 50, never a reserved name (docs/product.md §2, §3). */
export const usernameSchema = z.object({
  username: z.string({ error: "Username is required." }).check(
    oneLine(ONE_LINE_MESSAGES.username),
    z.trim(),
    z.toLowerCase(),
    z.minLength(2, { error: "Username must be at least 2 characters." }),
    z.maxLength(USERNAME_MAX, { error: `Username can be at most ${USERNAME_MAX} characters.` }),
    z.regex(/^[a-z0-9-]+$/, { error: "Use letters, numbers and hyphens only." }),
    z.refine((v) => !isReservedUsername(v), { error: AUTH_MESSAGES["username-taken"] }),
  ),
});

/**
 * Change email (/settings/account/email): the new address, confirmed by a link
 * sent to it, and the current password.
 */
export const changeEmailSchema = z.object({
  email: emailField,
  currentPassword: z
    .string({ error: AUTH_MESSAGES["current-password-required"] })
    .check(inputMaxLength(PASSWORD_MAX), z.maxLength(200, { error: AUTH_MESSAGES["wrong-password"] })),
});

/** Change email for an account without a password, just after signing in again. */
export const changeEmailFreshSchema = z.object({ email: emailField });

/** A change of email as checked: the current password only where one is asked. */
export type ChangeEmailValues = z.output<typeof changeEmailFreshSchema> & Partial<z.output<typeof changeEmailSchema>>;

/** The change-email form as typed: a draft, every field optional (the current password is asked only of some). */
export type ChangeEmailForm = Partial<z.input<typeof changeEmailSchema>>;
