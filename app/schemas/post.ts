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
import { PICKUP_SPOT_IDS } from "~/data/pickup-spots";
import { CONDITION_VALUES, PRICE_TERM_VALUES } from "~/utils/listings";
import { parsePrice } from "~/utils/price";
import { normalizePhotoAlt, PHOTO_ALT_TOO_LONG } from "~/utils/alt-text";
import { listingExtrasChecks, listingExtrasFields } from "./listing-extras";
import { wantedFields } from "./wanted";

import { EMPTY_POST, PHOTO_ALT_MAX, POST_MAX_CHARACTERS, TOO_MANY_CHARACTERS } from "~/utils/limits";

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

/** A photo's description (docs/product.md §6, §17): optional, one line, trimmed, at most 250 characters; plain text like any field. */
const photoDescription = z.optional(
  z.string().check(
    z.overwrite((value) => normalizePhotoAlt(value) ?? ""),
    z.maxLength(PHOTO_ALT_MAX, { error: PHOTO_ALT_TOO_LONG }),
  ),
);

/**
 * The descriptions of the new files, `alts.{n}`: which file each one belongs
 * to is the order they were sent in (see describedFiles in the post
 * submission flow), so here each is only checked on its own.
 */
const newFileDescriptions = z.pipe(z.optional(z.record(z.string(), photoDescription)), z.transform((value) => value ?? {}));

/**
 * Raw composer text past this is refused before it is split into blocks and
 * counted: ten times the limit leaves room for any trailing spaces and blank
 * lines a real draft has, and no parsing ever runs on more.
 */
const TEXT_INPUT_MAX = POST_MAX_CHARACTERS * 10;

const text = z.optional(z.string().check(z.maxLength(TEXT_INPUT_MAX, { error: TOO_MANY_CHARACTERS, abort: true }))).check(
  z.refine((value) => countTextCharacters(value ?? "") <= POST_MAX_CHARACTERS, { error: TOO_MANY_CHARACTERS }),
);

function needsContent(value: { text?: string; files: File[]; media?: { remove: boolean }[] }) {
  const kept = (value.media ?? []).filter((m) => !m.remove).length;
  return (textToBlocks(value.text)[0]?.text.trim() ?? "") !== "" || value.files.length > 0 || kept > 0;
}

export const FREE_OR_PRICE = "Choose Free or a price, not both.";

// The listing fields of a post. Price is dollars as typed ("60", "$1,250",
// "12.50") and comes out as integer cents; Free is a checkbox instead of a
// price; Firm / OBO only mean something with a price and are dropped without one.
const listingFields = {
  price: z.pipe(
    z.optional(z.string().check(z.refine((value) => parsePrice(value).ok, { error: (issue) => priceError(issue.input) }))),
    z.transform((value) => (value === undefined ? null : (parsePrice(value) as { cents: number }).cents)),
  ),
  free: z.pipe(z.optional(z.string()), z.transform((value) => value !== undefined)),
  priceTerms: z.optional(z.enum(PRICE_TERM_VALUES, { error: "Choose Firm or OBO." })),
  condition: z.optional(z.enum(CONDITION_VALUES, { error: "Choose a condition from the list." })),
  pickupSpot: z.optional(z.enum(PICKUP_SPOT_IDS as [string, ...string[]], { error: "Choose a pickup spot from the list." })),
};

function priceError(input: unknown): string {
  const parsed = parsePrice(typeof input === "string" ? input : "");
  return parsed.ok ? "" : parsed.error;
}

const notFreeAndPriced = z.refine<{ free: boolean; price: number | null }>((value) => !(value.free && value.price !== null), {
  error: FREE_OR_PRICE,
  path: ["price"],
});

// "All categories" (all) means none.
const category = z.pipe(
  z.optional(z.enum(CATEGORIES.map((c) => c.value) as [string, ...string[]], { error: "Choose a category from the list." })),
  z.transform((value) => (value === "all" ? undefined : value)),
);

/**
 * The post composer (docs/product.md §6, §7): first-block text or a file; 500 characters; up to
 * 10 photos or videos, each photo with an optional description; and the listing fields (price or Free, Firm / OBO,
 * condition, pickup spot).
 */
export const postSchema = z
  .object({ text, category, files, alts: newFileDescriptions, ...listingFields, ...listingExtrasFields })
  .check(z.refine(needsContent, { error: EMPTY_POST, path: ["text"] }), notFreeAndPriced, ...listingExtrasChecks);

/** A photo or video already on a post being edited: keep it at a position, or remove it. */
const existingMedia = z.object({
  id: z.string(),
  position: z.pipe(
    z.optional(z.string().check(z.regex(/^\d{1,2}$/, { error: "Choose a position from the list." }))),
    z.transform((value) => (value === undefined ? Number.MAX_SAFE_INTEGER : Number(value))),
  ),
  remove: z.pipe(z.optional(z.string()), z.transform((value) => value !== undefined)),
  alt: photoDescription,
});

/**
 * Editing a post (/post/{id}/edit): the composer's rules, where the photos
 * kept count with the new ones (10 at most) and towards "something to show".
 */
export const editPostSchema = z
  .object({ text, category, files, alts: newFileDescriptions, ...listingFields, ...listingExtrasFields, media: z.pipe(z.optional(z.array(existingMedia)), z.transform((value) => value ?? [])) })
  .check(
    z.refine(needsContent, { error: EMPTY_POST, path: ["text"] }),
    notFreeAndPriced,
    ...listingExtrasChecks,
    z.refine((value) => value.files.length + value.media.filter((m) => !m.remove).length <= MAX_FILES, { error: TOO_MANY_FILES, path: ["files"] }),
  );

/**
 * A Wanted post (the composer with "Looking for something?", docs/product.md §7):
 * text or a file as any post, a category, optional course codes and ISBN, an
 * optional "Up to $" budget; photos allowed, not needed. No listing fields.
 */
export const wantedSchema = z
  .object({ text, category, files, alts: newFileDescriptions, ...wantedFields })
  .check(z.refine(needsContent, { error: EMPTY_POST, path: ["text"] }));

/** Editing a Wanted post: its rules, with the photos kept counting as in editPostSchema. */
export const editWantedSchema = z
  .object({ text, category, files, alts: newFileDescriptions, ...wantedFields, media: z.pipe(z.optional(z.array(existingMedia)), z.transform((value) => value ?? [])) })
  .check(
    z.refine(needsContent, { error: EMPTY_POST, path: ["text"] }),
    z.refine((value) => value.files.length + value.media.filter((m) => !m.remove).length <= MAX_FILES, { error: TOO_MANY_FILES, path: ["files"] }),
  );

/** The comment composer: the same rules without a category. */
export const commentSchema = z
  .object({ text, files, alts: newFileDescriptions })
  .check(z.refine(needsContent, { error: EMPTY_POST, path: ["text"] }));
