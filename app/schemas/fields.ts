import * as z from "zod/mini";

/**
 * What a one-line field refuses, by kind of field: a line break (or any other
 * control character) in a name, an address or a code has no use, and a name
 * goes into email subjects.
 */
export const ONE_LINE_MESSAGES = {
  name: "Names can't contain line breaks or control characters.",
  username: "Usernames can't contain line breaks or control characters.",
  email: "Email addresses can't contain line breaks or control characters.",
  code: "Codes can't contain line breaks or control characters.",
} as const;

// Control characters (tab, CR and LF included) and the Unicode line and paragraph separators.
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;

/**
 * A check for a one-line field, placed before any trim (a trailing line break
 * is refused, not quietly dropped); it stops the field's other checks.
 */
export function oneLine(message: string) {
  return z.refine<string>((value) => !NOT_ONE_LINE.test(value), { error: message, abort: true });
}

/**
 * A required text field: absent or blank gives `required`. With `oneLine`
 * (the message) it is a one-line field: line breaks and control characters are refused.
 */
export function requiredText(required: string, opts: { max?: number; tooLong?: string; oneLine?: string } = {}) {
  const base = z.string({ error: required });
  const text = (opts.oneLine ? base.check(oneLine(opts.oneLine)) : base).check(z.trim(), z.minLength(1, { error: required }));
  return opts.max === undefined ? text : text.check(z.maxLength(opts.max, { error: opts.tooLong ?? required }));
}

/** An email address with the messages of docs/product.md §3, lowercased. */
export const emailField = z.pipe(
  z.string({ error: "Email is required." }).check(oneLine(ONE_LINE_MESSAGES.email)),
  z.pipe(
    z.email({ error: "Invalid email address!" }).check(z.maxLength(254, { error: "Invalid email address!" })),
    z.transform((value: string) => value.toLowerCase()),
  ),
);

/**
 * The longest value the form's input takes (its maxlength), where the field's
 * own checks say more than "too long" and in their own order (a password pair,
 * a full name): it never fails a submission itself.
 */
export function inputMaxLength(max: number) {
  return z.meta({ maxLength: max });
}

const CODE_MESSAGE = "Enter the 6-digit code from the email.";

/** A 6-digit code from an email (sign-up, school email). */
export const codeField = z
  .string({ error: CODE_MESSAGE })
  .check(oneLine(ONE_LINE_MESSAGES.code), inputMaxLength(6), z.trim(), z.regex(/^\d{6}$/, { error: CODE_MESSAGE }));
