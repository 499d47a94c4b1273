import * as z from "zod/mini";
import { CHAT_MESSAGE_MAX, TOO_MANY_CHARACTERS } from "~/utils/limits";
import { EMPTY_MESSAGE } from "~/utils/messages";

/** The chat composer (docs/product.md §10): 1 to 1,000 characters, blank refused. */
export const messageSchema = z.object({
  text: z
    .string({ error: EMPTY_MESSAGE })
    .check(
      z.maxLength(CHAT_MESSAGE_MAX, { error: TOO_MANY_CHARACTERS, abort: true }),
      z.trim(),
      z.minLength(1, { error: EMPTY_MESSAGE }),
    ),
});
