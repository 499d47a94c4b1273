import * as z from "zod/mini";
import { codeField, emailField } from "./fields";

/** Step one of /add-code: the school email the code goes to (docs/product.md §4). */
export const schoolEmailSchema = z.object({ email: emailField });

/** Step two of /add-code: the code sent to that address. */
export const schoolCodeSchema = z.object({
  email: emailField,
  code: codeField,
});
