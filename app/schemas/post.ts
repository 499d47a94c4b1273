import * as z from "zod/mini";
import { CATEGORIES } from "~/utils/categories";
import {
  hasAllowedExtension,
  looksLikeVideo,
  MAX_FILES,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  NOT_MEDIA,
  TOO_LARGE,
  TOO_MANY_FILES,
} from "~/utils/media-rules";
import { countTextCharacters, textToBlocks } from "~/utils/rich-text";

import { EMPTY_POST, POST_MAX_CHARACTERS, TOO_MANY_CHARACTERS } from "~/utils/limits";

export { EMPTY_POST, TOO_MANY_CHARACTERS };

const files = z.pipe(
  z.optional(z.union([z.file(), z.array(z.file())])),
  z.transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
).check(
  z.maxLength(MAX_FILES, { error: TOO_MANY_FILES }),
  z.refine((list) => list.every((f) => hasAllowedExtension(f.name)), { error: NOT_MEDIA }),
  z.refine((list) => list.every((f) => f.size <= (looksLikeVideo(f.name) ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES)), {
    error: TOO_LARGE,
  }),
);

/**
 * Raw composer text past this is refused before it is split into blocks and
 * counted: ten times the limit leaves room for any trailing spaces and blank
 * lines a real draft has, and no parsing ever runs on more.
 */
const TEXT_INPUT_MAX = POST_MAX_CHARACTERS * 10;

const text = z.optional(z.string().check(z.maxLength(TEXT_INPUT_MAX, { error: TOO_MANY_CHARACTERS, abort: true }))).check(
  z.refine((value) => countTextCharacters(value ?? "") <= POST_MAX_CHARACTERS, { error: TOO_MANY_CHARACTERS }),
);

function needsContent(value: { text?: string; files: File[] }) {
  return (textToBlocks(value.text)[0]?.text.trim() ?? "") !== "" || value.files.length > 0;
}

/** The post composer (§5): first-block text or a file; 500 characters; up to 10 photos or videos. */
export const postSchema = z
  .object({
    text,
    // "All categories" (all) means none.
    category: z.pipe(
      z.optional(z.enum(CATEGORIES.map((c) => c.value) as [string, ...string[]], { error: "Choose a category from the list." })),
      z.transform((value) => (value === "all" ? undefined : value)),
    ),
    files,
  })
  .check(z.refine(needsContent, { error: EMPTY_POST, path: ["text"] }));

/** The comment composer: the same rules without a category. */
export const commentSchema = z
  .object({ text, files })
  .check(z.refine(needsContent, { error: EMPTY_POST, path: ["text"] }));
