// What a screen reader says for a photo (docs/product.md §17): the author's own
// description when there is one, else where the photo sits and whose it is;
// never an empty alt and never a file name. Pure: the models and the post
// schema share it (components get the alt with the photo's view; the field
// and its reminder are components/photo-description.tsx).

import { PHOTO_ALT_MAX } from "./limits";

export const PHOTO_ALT_TOO_LONG = `A photo description can be at most ${PHOTO_ALT_MAX} characters.`;

/**
 * Where a photo sits among the photos it is shown with (1-based, videos not
 * counted) and whose they are: a post's author, or a project or game.
 */
export type PhotoPlace = { position: number; count: number } & ({ firstName: string } | { title: string });

/** A description as it is stored: one line, runs of spaces as one, trimmed; nothing left is no description. */
export function normalizePhotoAlt(value: string | null | undefined): string | null {
  const text = (value ?? "").replace(/\s+/g, " ").trim();
  return text === "" ? null : text;
}

/** The `alt` of a photo: its description, else "Photo 1 of 3 from Ana's post". */
export function photoAlt(description: string | null | undefined, place: PhotoPlace): string {
  const own = normalizePhotoAlt(description);
  if (own) return own;
  const from = "firstName" in place ? `${place.firstName}'s post` : place.title;
  return `Photo ${place.position} of ${place.count} from ${from}`;
}

/**
 * The alt of each of a list of photos and videos in order: photos are numbered
 * among the photos only; a video has none (it is not an image).
 */
export function photoAlts<M extends { kind: "image" | "video"; alt: string | null }>(media: M[], owner: { firstName: string } | { title: string }): string[] {
  const count = media.filter((m) => m.kind === "image").length;
  let position = 0;
  return media.map((m) => (m.kind === "image" ? photoAlt(m.alt, { position: ++position, count, ...owner }) : ""));
}
