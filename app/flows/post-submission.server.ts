// One way in for a new post or comment, whether it came from a plain form
// (no JS) or from the composer's upload with a progress bar (JS): check the
// form (read by app/http/post-submission.server.ts) with the shared schema,
// store the media, create. And saving an edit of a post.
import type { SubmissionResult } from "@conform-to/react";
import { getPortfolioItem } from "~/models/portfolio.server";
import { createPost, getPost, getPostForEdit, isPostHiddenFrom, normalizeListing, PostError, updatePost, type DescribedMedia, type ListingFields, type WantedFields } from "~/models/posts.server";
import { blocksToText } from "~/utils/rich-text";
import { priceInput } from "~/utils/price";
import { isPickupSpotOf } from "~/data/pickup-spots";
import type { Condition, PriceTerms } from "~/utils/listings";
import { isSchoolVerifiedOn } from "~/models/school.server";
import { suspensionRefusal } from "~/models/suspensions.server";
import type { User } from "~/models/users.server";
import { commentSchema, editPostSchema, editWantedSchema, postSchema, wantedSchema } from "~/schemas/post";
import type { WantedValue } from "~/schemas/wanted";
import { parseCourses, storedCourses } from "~/utils/course-codes";
import { parseIsbn } from "~/utils/isbn";
import { parseWithSchema } from "~/utils/form";
import { looksLikeVideo, MAX_FILES, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from "~/utils/media-rules";
import { textToBlocks } from "~/utils/rich-text";
import { SCHOOL_VERIFICATION_REQUIRED } from "~/utils/url-state";
import type { UploadRules } from "~/services/form.server";
import type { PermissionAction } from "~/models/permissions.server";
import type { PermissionSubject } from "./permissions.server";
import { MediaError, removeMedia, storeMedia, type StoredMedia } from "~/services/media.server";
import { newId } from "~/services/db.server";
import { consume } from "~/services/rate-limit.server";
import { normalizePhotoAlt } from "~/utils/alt-text";
import { nudgeVideoWorker } from "./video-processing.server";
import { EXTRAS_FIELDS, extrasDefaults, extrasOf, mustGoByRefusal, type ExtrasValue } from "./listing-extras.server";

/** A post's or comment's files while they stream in (docs/product.md §6): 10 at most, each within its limit. */
export const POST_UPLOADS: UploadRules = {
  fileField: "files",
  maxFiles: MAX_FILES,
  maxFileBytes: (name) => (looksLikeVideo(name) ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES),
  largestFileBytes: MAX_VIDEO_BYTES,
};

export const PICKUP_SPOT_UNKNOWN = "Choose a pickup spot from the list.";

const POST_GONE = "Sorry, that post has been deleted.";

export const TOO_FAST = "You're posting too fast. Please wait a few minutes and try again.";

export type SubmitResult =
  | { ok: true; id: string }
  | { ok: false; status: number; reply: SubmissionResult<string[]> };

export type SubmitTarget =
  | { kind: "post" }
  | { kind: "comment"; parentId: string }
  | { kind: "game-comment"; gameId: string }
  | { kind: "project-comment"; projectId: string };

/** A new file's description field: `alts.{n}` (n only tells the fields apart). */
const DESCRIPTION_FIELD = /^alts\.(\d{1,2})$/;

/**
 * The description of each new file, in the order of the form's files: the
 * `alts.{n}` field sent right after it, else none. A browser sends a form's
 * fields in document order: without JS the composer has a file input and
 * its description for each photo, one after the other (an empty file input
 * sends nothing we keep, so its description follows no file and describes
 * nothing); with JS the composer sends each chosen file followed by its
 * description. `descriptions` are the schema's checked values, by n.
 */
export function describedFiles(formData: FormData, descriptions: Record<string, string | undefined>): (string | null)[] {
  const described: (string | null)[] = [];
  let afterFile = false;
  for (const [name, value] of formData.entries()) {
    if (name === "files" && typeof value !== "string") {
      if (value.name === "" && value.size === 0) continue; // an empty file input, as the schema skips it
      described.push(null);
      afterFile = true;
      continue;
    }
    const n = afterFile ? DESCRIPTION_FIELD.exec(name)?.[1] : undefined;
    if (n !== undefined) described[described.length - 1] = normalizePhotoAlt(descriptions[n]);
    afterFile = false;
  }
  return described;
}

/** Stored files with the descriptions the form gave them (a video keeps none: see createPost). */
function withDescriptions(media: StoredMedia[], descriptions: (string | null)[]): DescribedMedia[] {
  return media.map((m, i) => ({ ...m, alt: descriptions[i] ?? null }));
}

/** Who sends a post or comment, to which campus's site (the request's: app/http/campus.server). */
export type SubmitOpts = { author: User; campusId: string; origin: string; target: SubmitTarget };

/** Only a student of the site's campus (docs/product.md §4) posts or comments there (the request's campus, whatever the target's). */
export async function maySubmit(opts: Pick<SubmitOpts, "author" | "campusId">): Promise<boolean> {
  return await isSchoolVerifiedOn(opts.author, opts.campusId);
}

/** Checks a composer's form data with the shared schema, stores its media and creates the post. */
export async function submitPost(formData: FormData, opts: SubmitOpts): Promise<SubmitResult> {
  // "Looking for something?" makes the post a Wanted post (its form says so: `kind=wanted`).
  const wanted = opts.target.kind === "post" && isWantedForm(formData);
  const schema = opts.target.kind === "post" ? (wanted ? wantedSchema : postSchema) : commentSchema;
  const submission = parseWithSchema(formData, schema);
  // Suspended: refused whatever the form says, with the reason and the draft back.
  const suspended = await suspensionRefusal(opts.author, opts.campusId);
  if (suspended) return { ok: false, status: 403, reply: submission.reply({ formErrors: [suspended] }) };
  if (!await maySubmit(opts)) return { ok: false, status: 403, reply: submission.reply({ formErrors: [SCHOOL_VERIFICATION_REQUIRED] }) };
  if (submission.status !== "success") return { ok: false, status: 400, reply: submission.reply() };
  // A reply to a post or comment hidden from the author by reports: not there for them, as its page says.
  if (opts.target.kind === "comment" && (await isPostHiddenFrom(opts.target.parentId, opts.author.id))) {
    return { ok: false, status: 404, reply: submission.reply({ formErrors: [POST_GONE] }) };
  }
  const value = submission.value as { text?: string; category?: string; files: File[]; alts: Record<string, string | undefined> } & Partial<PostListingValue> & ExtrasValue;
  // The list the composer shows is the site's campus's: a spot of another campus is not one of them.
  if (value.pickupSpot && !isPickupSpotOf(opts.campusId, value.pickupSpot)) {
    return { ok: false, status: 400, reply: submission.reply({ fieldErrors: { pickupSpot: [PICKUP_SPOT_UNKNOWN] } }) };
  }
  const mustGo = opts.target.kind === "post" && !wanted ? await mustGoByRefusal(value, opts.campusId, Date.now()) : null;
  if (mustGo) return { ok: false, status: 400, reply: submission.reply({ fieldErrors: { mustGoBy: [mustGo] } }) };
  const authorId = opts.author.id;
  const limit = await consume(opts.target.kind === "post" ? "postsPerUser" : "commentsPerUser", authorId);
  if (!limit.ok) return { ok: false, status: 429, reply: submission.reply({ formErrors: [TOO_FAST] }) };
  const id = newId();
  let media;
  try {
    media = withDescriptions(await storeMedia(`posts/${id}`, value.files), describedFiles(formData, value.alts));
  } catch (error) {
    if (error instanceof MediaError) return { ok: false, status: error.status, reply: submission.reply({ fieldErrors: { files: [error.message] } }) };
    throw error;
  }
  try {
    await createPost({
      id,
      authorId,
      campusId: opts.campusId,
      blocks: textToBlocks(value.text),
      category: value.category,
      listing: opts.target.kind === "post" && !wanted ? listingOf(value) : undefined,
      wanted: wanted ? wantedOf(value as unknown as WantedValue) : undefined,
      media,
      origin: opts.origin,
      parentId: opts.target.kind === "comment" ? opts.target.parentId : null,
      gameId: opts.target.kind === "game-comment" ? opts.target.gameId : null,
      projectId: opts.target.kind === "project-comment" ? opts.target.projectId : null,
    });
  } catch (error) {
    // No post points at the files: they go, and the reason the post failed is what counts.
    await removeMedia(media).catch((removeError: unknown) => console.error(`Could not remove the files of post ${id}: ${String(removeError)}`));
    if (error instanceof PostError) return { ok: false, status: error.status, reply: submission.reply({ formErrors: [error.message] }) };
    throw error;
  }
  // Its videos are queued (in the post's transaction): this process starts on them now.
  if (media.some((m) => m.status === "processing")) nudgeVideoWorker();
  return { ok: true, id };
}

/** The listing fields as the post schema gives them. */
export type PostListingValue = { price: number | null; free: boolean; priceTerms?: PriceTerms; condition?: Condition; pickupSpot?: string };

export function listingOf(value: Partial<PostListingValue> & ExtrasValue, now = Date.now()): ListingFields {
  return normalizeListing({
    priceCents: value.price ?? null,
    isFree: value.free ?? false,
    priceTerms: value.priceTerms ?? null,
    condition: value.condition ?? null,
    pickupSpot: value.pickupSpot ?? null,
    ...extrasOf(value, now),
  });
}

/** Whether a composer's form is a Wanted post's. */
export function isWantedForm(formData: FormData): boolean {
  return formData.get("kind") === "wanted";
}

/** The stored fields of a checked Wanted form: course codes and ISBN in their stored forms. */
export function wantedOf(value: WantedValue): WantedFields {
  const courses = parseCourses(value.courses);
  return { budgetCents: value.budget, courseCodes: courses.ok ? storedCourses(courses.codes) : null, isbn: parseIsbn(value.isbn) };
}

/** The fields of a composer's draft, as the form shows them again (close, keep writing). */
export function draftOf(formData: FormData): Record<string, string> {
  const draft: Record<string, string> = {};
  for (const name of ["text", "category", "price", "free", "priceTerms", "condition", "pickupSpot", ...EXTRAS_FIELDS, "kind", "budget"]) {
    const value = formData.get(name);
    if (typeof value === "string" && value !== "") draft[name] = value;
  }
  return draft;
}

/** The rule a new post or comment passes, and what it is about. */
export function submitPermission(target: SubmitTarget): [PermissionAction, PermissionSubject] {
  switch (target.kind) {
    case "post":
      return ["post.create", null];
    case "comment":
      return ["post.comment", { post: target.parentId }];
    case "game-comment":
      return ["portfolio.comment", { game: target.gameId }];
    case "project-comment":
      return ["portfolio.comment", { project: target.projectId }];
  }
}

/** /create/comment/{id}?type=post|game|project (docs/product.md §2): what a comment answers. */
export function commentTarget(id: string, type: string | null): SubmitTarget {
  if (type === "game") return { kind: "game-comment", gameId: id };
  if (type === "project") return { kind: "project-comment", projectId: id };
  return { kind: "comment", parentId: id };
}

/** Is there still something for this viewer to comment on (a post or comment, a game, a project)? */
export async function commentTargetExists(target: SubmitTarget, viewerId: string): Promise<boolean> {
  switch (target.kind) {
    case "post":
      return true;
    case "comment":
      // As its page shows it to them: one hidden by reports is there for its author and the moderators only.
      return (await getPost(target.parentId, "UTC", viewerId)).status === "ok";
    case "game-comment":
      return (await getPortfolioItem("game", target.gameId)).status === "ok";
    case "project-comment":
      return (await getPortfolioItem("project", target.projectId)).status === "ok";
  }
}

/** The alert after a new post or comment was sent. */
export const SENT = {
  post: "Your post was sent.",
  comment: "Your reply was sent",
} as const;

/** Where a new comment's author goes back to by default. */
export function defaultGoBack(target: SubmitTarget): string {
  switch (target.kind) {
    case "post":
      return "/home";
    case "comment":
      return `/post/${target.parentId}`;
    case "game-comment":
      return `/game/${target.gameId}?show=comments`;
    case "project-comment":
      return `/project/${target.projectId}?show=comments`;
  }
}

// ---------------------------------------------------------------------------
// Editing a post (/post/{id}/edit): the composer's schema and messages.

/** The edit form's fields as the post has them now (what "changed" is measured against). */
export function editDefaults(post: { text: { text: string }[]; category: string | null; kind?: "wanted" | null; wantedBudgetCents?: number | null } & ListingFields & Parameters<typeof extrasDefaults>[0]): Record<string, string> {
  const extras = extrasDefaults(post);
  if (post.kind === "wanted") {
    const wanted = { text: blocksToText(post.text), category: post.category ?? "all", kind: "wanted", budget: priceInput(post.wantedBudgetCents ?? null), isbn: extras.isbn ?? "", courses: extras.courses ?? "" };
    return Object.fromEntries(Object.entries(wanted).filter(([, v]) => v !== ""));
  }
  const values: Record<string, string> = {
    text: blocksToText(post.text),
    category: post.category ?? "all",
    price: post.isFree ? "" : priceInput(post.priceCents),
    free: post.isFree ? "on" : "",
    priceTerms: post.priceTerms ?? "",
    condition: post.condition ?? "",
    pickupSpot: post.pickupSpot ?? "",
    ...extrasDefaults(post),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
}

/** Whether a submitted edit form differs from the post: any field, a photo removed, moved or described differently, a file added. */
function editChanged(formData: FormData, defaults: Record<string, string>, media: { description: string | null }[]): boolean {
  const draft = draftOf(formData);
  const names = new Set([...Object.keys(draft), ...Object.keys(defaults)]);
  if ([...names].some((n) => (n === "category" ? (draft[n] ?? "all") !== (defaults[n] ?? "all") : (draft[n] ?? "") !== (defaults[n] ?? "")))) return true;
  if (formData.getAll("files").some((f) => typeof f !== "string" && f.size > 0)) return true;
  return media.some(
    (m, i) =>
      formData.get(`media[${i}].remove`) !== null ||
      (formData.get(`media[${i}].position`) ?? String(i + 1)) !== String(i + 1) ||
      normalizePhotoAlt(String(formData.get(`media[${i}].alt`) ?? "")) !== m.description,
  );
}

type EditValue = {
  text?: string;
  category?: string;
  files: File[];
  alts: Record<string, string | undefined>;
  media: { id: string; position: number; remove: boolean; alt?: string }[];
} & Partial<PostListingValue> & ExtrasValue;

/** The author's post for the edit page, or why there is none for them: 404, or 403 for anyone else. */
export async function findPostForEdit(postId: string, userId: string): Promise<({ ok: true } & Awaited<ReturnType<typeof getPostForEdit>>) | { ok: false; status: number; message: string }> {
  try {
    return { ok: true, ...(await getPostForEdit(postId, userId)) };
  } catch (error) {
    if (error instanceof PostError) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

/** Whether an edit form's Close or Keep editing has changes to lose, and the form's values to show again. */
export function editDraft(formData: FormData, found: EditablePost): { changed: boolean; initialValue: SubmissionResult<string[]>["initialValue"] } {
  return { changed: editChanged(formData, editDefaults(found.post), found.media), initialValue: parseWithSchema(formData, found.post.kind === "wanted" ? editWantedSchema : editPostSchema).reply().initialValue };
}

type EditablePost = Pick<Awaited<ReturnType<typeof getPostForEdit>>, "post" | "media">;

export type EditResult =
  | { ok: true }
  | { ok: false; code: "INVALID"; status: number; reply: SubmissionResult<string[]> }
  | { ok: false; code: "FORBIDDEN" | "NOT_FOUND"; status: number; message: string };

/**
 * Saves an edit of `found` by its author (the composer's rules): new files
 * are stored first, removed files deleted after the change committed.
 */
export async function saveEdit(formData: FormData, opts: { author: User; campusId: string; found: EditablePost }): Promise<EditResult> {
  const postId = opts.found.post.id;
  const wanted = opts.found.post.kind === "wanted";
  const submission = parseWithSchema(formData, wanted ? editWantedSchema : editPostSchema);
  if (submission.status !== "success") return { ok: false, code: "INVALID", status: 400, reply: submission.reply() };
  const value = submission.value as EditValue;
  if (value.pickupSpot && !isPickupSpotOf(opts.campusId, value.pickupSpot) && value.pickupSpot !== opts.found.post.pickupSpot) {
    return { ok: false, code: "INVALID", status: 400, reply: submission.reply({ fieldErrors: { pickupSpot: [PICKUP_SPOT_UNKNOWN] } }) };
  }
  // A day chosen before stays allowed on an edit even once it is near or past; a new one is checked.
  const mustGo = !wanted && value.mustGoBy?.trim() !== (opts.found.post.mustGoBy ?? "") ? await mustGoByRefusal(value, opts.campusId, Date.now()) : null;
  if (mustGo) return { ok: false, code: "INVALID", status: 400, reply: submission.reply({ fieldErrors: { mustGoBy: [mustGo] } }) };
  let added;
  try {
    added = withDescriptions(await storeMedia(`posts/${postId}/${newId()}`, value.files), describedFiles(formData, value.alts));
  } catch (error) {
    if (error instanceof MediaError) return { ok: false, code: "INVALID", status: error.status, reply: submission.reply({ fieldErrors: { files: [error.message] } }) };
    throw error;
  }
  let removed;
  try {
    ({ removed } = await updatePost({
      id: postId,
      userId: opts.author.id,
      blocks: textToBlocks(value.text),
      category: value.category ?? null,
      listing: listingOf(value),
      wanted: wanted ? wantedOf(value as unknown as WantedValue) : undefined,
      // A description left empty is none: the form always sends each photo's field.
      media: value.media.map((m) => ({ id: m.id, position: m.position, remove: m.remove, alt: normalizePhotoAlt(m.alt) })),
      added,
    }));
  } catch (error) {
    await removeMedia(added);
    if (error instanceof PostError && (error.status === 403 || error.status === 404)) return { ok: false, code: error.status === 403 ? "FORBIDDEN" : "NOT_FOUND", status: error.status, message: error.message };
    if (error instanceof PostError) return { ok: false, code: "INVALID", status: error.status, reply: submission.reply({ formErrors: [error.message] }) };
    throw error;
  }
  // The post no longer shows them: a file left behind is only storage.
  await removeMedia(removed).catch((error: unknown) => console.error(error));
  if (added.some((m) => m.status === "processing")) nudgeVideoWorker();
  return { ok: true };
}

export const POST_UPDATED = "Your post was updated.";
