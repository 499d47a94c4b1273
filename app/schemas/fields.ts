import * as z from "zod/mini";

/** A required text field: absent or blank gives `required`. */
export function requiredText(required: string, opts: { max?: number; tooLong?: string } = {}) {
  const text = z.string({ error: required }).check(z.trim(), z.minLength(1, { error: required }));
  return opts.max === undefined ? text : text.check(z.maxLength(opts.max, { error: opts.tooLong ?? required }));
}

/** An email address with the spec's messages (§5), lowercased. */
export const emailField = z.pipe(
  z.email({ error: (issue) => (issue.input === undefined ? "Email is required." : "Invalid email address!") }).check(
    z.maxLength(254, { error: "Invalid email address!" }),
  ),
  z.transform((value: string) => value.toLowerCase()),
);
