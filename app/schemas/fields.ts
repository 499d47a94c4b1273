import * as z from "zod";

/** An email address with the spec's messages (§5). Conform turns "" into undefined. */
export const emailField = z
  .email({ error: (issue) => (issue.input === undefined ? "Email is required." : "Invalid email address!") })
  .max(254, { error: "Invalid email address!" })
  .transform((value) => value.toLowerCase());
