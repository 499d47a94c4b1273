import * as z from "zod/mini";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { nameWords } from "~/utils/names";
import { codeField, emailField, inputMaxLength, ONE_LINE_MESSAGES, oneLine } from "./fields";

import { FULL_NAME_MAX, NAME_PART_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/utils/limits";

export { FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN };

/** Where to go after signing in: a same-site path, checked again by the server (safePath). */
const redirectField = z.optional(z.string().check(z.maxLength(2000)));

/** A new password (docs/product.md §3): 8 to 30 characters. */
export const newPasswordField = z.string({ error: "Password is required." }).check(
  z.minLength(PASSWORD_MIN, { error: AUTH_MESSAGES["weak-password"] }),
  z.maxLength(PASSWORD_MAX, { error: `Password can be at most ${PASSWORD_MAX} characters.` }),
);

/** The email step (/user_registration). */
export const emailStepSchema = z.object({ email: emailField, redirect: redirectField });

/** Sign-up with email and password (/register). */
export const registerSchema = z.object({
  email: emailField,
  name: z.string({ error: "Name is required." }).check(
    inputMaxLength(FULL_NAME_MAX),
    oneLine(ONE_LINE_MESSAGES.name),
    z.trim(),
    z.superRefine((v, ctx) => {
      // One message at a time, most basic first.
      const fail = (message: string) => ctx.addIssue({ code: "custom", message, input: v });
      const words = nameWords(v);
      if (!v) return fail("Name is required.");
      if (words.length < 2) return fail("Full name is required");
      if (v.length > FULL_NAME_MAX) return fail(`Name can be at most ${FULL_NAME_MAX} characters.`);
      if (!/^[\p{L}\p{M}' .-]+$/u.test(v)) return fail("Use letters only in your name.");
      if (words[0]!.length > NAME_PART_MAX || words[words.length - 1]!.length > NAME_PART_MAX) {
        return fail(`First and last names can be at most ${NAME_PART_MAX} characters.`);
      }
    }),
  ),
  password: newPasswordField,
  terms: z.literal("on", { error: "You must agree not to do anything crazy." }),
  redirect: redirectField,
});

/** Log in with email and password (/login?method=password). */
export const loginSchema = z.object({
  email: emailField,
  // Longer than any password we set is only a wrong one (no lockout counted); the input stops at the longest we set.
  password: z.string({ error: "Password is required." }).check(inputMaxLength(PASSWORD_MAX), z.maxLength(200, { error: AUTH_MESSAGES["wrong-password"] })),
  redirect: redirectField,
});

const namePart = (label: string) =>
  z.optional(
    z.string().check(
      oneLine(ONE_LINE_MESSAGES.name),
      z.trim(),
      z.maxLength(NAME_PART_MAX, { error: `${label} can be at most ${NAME_PART_MAX} characters.` }),
      z.regex(/^[\p{L}\p{M}' .-]*$/u, { error: "Use letters only in your name." }),
    ),
  );

/** Ask for a magic link (/login?method=noPassword, Resend Email on /login/sent). */
export const magicLinkSchema = z.object({
  email: emailField,
  /** First and last names make the link register a new account (docs/product.md §3). */
  first: namePart("First name"),
  last: namePart("Last name"),
  redirect: redirectField,
});

/** Re-enter the email when a magic link is opened in another browser (docs/product.md §3). */
export const confirmEmailSchema = z.object({ email: emailField });

/** Forgot password (/forgotpassword). */
export const forgotPasswordSchema = z.object({ email: emailField });

/** The sign-up verification code (/verify). */
export const verifyCodeSchema = z.object({ code: codeField });

/** The fields of a password change; their checks run together, in order (checkPasswordPair). */
const passwordPair = z.object({
  currentPassword: z.optional(z.string().check(inputMaxLength(PASSWORD_MAX))),
  newPassword: z.optional(z.string().check(inputMaxLength(PASSWORD_MAX))),
  confirmPassword: z.optional(z.string().check(inputMaxLength(PASSWORD_MAX))),
});

/** A password change as checked: every field optional (a first password has no current one). */
export type PasswordPair = z.output<typeof passwordPair>;

/** New password + re-entry, checked in the order of docs/product.md §3: one message at a time. */
function checkPasswordPair(requireCurrent: boolean) {
  return z.superRefine((v: PasswordPair, ctx) => {
    const fail = (field: keyof PasswordPair, message: string) => ctx.addIssue({ code: "custom", path: [field], message, input: v });
    if (requireCurrent && !v.currentPassword) return fail("currentPassword", "Current password required");
    if (!v.newPassword) return fail("newPassword", "Please enter a new password");
    if (v.newPassword.length < PASSWORD_MIN) return fail("newPassword", AUTH_MESSAGES["weak-password"]);
    if (v.newPassword.length > PASSWORD_MAX) return fail("newPassword", `Password can be at most ${PASSWORD_MAX} characters.`);
    if (!v.confirmPassword) return fail("confirmPassword", "Must re-enter new password");
    if (v.newPassword !== v.confirmPassword) return fail("confirmPassword", "Passwords do not match");
  });
}

/** Change your password (/settings/account/password). */
export const changePasswordSchema = passwordPair.check(checkPasswordPair(true));

/** First password of an account made with Google or a magic link: no current one to check. */
export const setPasswordSchema = z.omit(passwordPair, { currentPassword: true }).check(checkPasswordPair(false));

/** A new password from a reset link (/reset-password). */
export const resetPasswordSchema = z
  .extend(z.omit(passwordPair, { currentPassword: true }), { token: z.string({ error: AUTH_MESSAGES["link-invalid"] }) })
  .check(checkPasswordPair(false));

/** What the forms hold as typed: every field optional, so a draft can be partial. */
export type ChangePasswordForm = z.input<typeof changePasswordSchema>;
/** A magic-link request once checked (the action's and sentPageUrl's input). */
export type MagicLinkValues = z.output<typeof magicLinkSchema>;
