// Changing a profile photo (docs/product.md §5, §17): read the upload, check and store it
// (storeAvatar), point the user at it, remove the previous files. Used by the
// edit and set-up screens (plain form posts) and by /profile/photo (the upload
// with a progress bar).
import { setAvatar } from "~/models/users.server";
import { MAX_IMAGE_BYTES } from "~/utils/media-rules";
import { data } from "@remix-run/node";
import type { PermissionRefusal } from "~/models/permissions.server";
import { bioSchema, nameSchema } from "~/schemas/index.server";
import { readDraft, readUploadForm, type UploadForm, type UploadRules } from "~/services/form.server";
import { parseWithSchema } from "~/utils/form";
import { MediaError, removeAvatar, storeAvatar } from "~/services/media.server";

export type PhotoResult = { ok: true } | { ok: false; status: number; message: string };

/** One photo, within the photo limit (docs/product.md §6). */
const PHOTO_UPLOAD: UploadRules = { fileField: "photo", maxFiles: 1, maxFileBytes: () => MAX_IMAGE_BYTES, largestFileBytes: MAX_IMAGE_BYTES };

/**
 * The form of `userId`'s photo upload (the file on disk as it arrives), or why
 * it was refused. `intents`: on a page whose other forms take no file, the
 * ones that do (an upload for another intent is refused with 415).
 */
export function readPhotoForm(request: Request, userId: string, intents?: readonly string[]): Promise<UploadForm> {
  return readUploadForm(request, intents ? { ...PHOTO_UPLOAD, intents } : PHOTO_UPLOAD, userId);
}

/**
 * A profile form refused before its body was read (suspended): the photo
 * form gets the reason, the name and bio forms their draft back with it.
 */
export async function refusedProfileForm(request: Request, refusal: PermissionRefusal) {
  const draft = await readDraft(request);
  const intent = draft.get("intent");
  if (intent === "name" || intent === "bio") {
    const reply = parseWithSchema(draft, intent === "name" ? nameSchema : bioSchema).reply({ formErrors: [refusal.message] });
    return data({ intent, reply } as const, { status: refusal.status });
  }
  return data({ intent: "photo", error: refusal.message } as const, { status: refusal.status });
}

/** The chosen file of a form field, or null when none was chosen. */
export function chosenFile(formData: FormData, name = "photo"): File | null {
  const value = formData.get(name);
  return value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
}

export async function changeProfilePhoto(userId: string, file: File): Promise<PhotoResult> {
  let key: string;
  try {
    key = await storeAvatar(userId, file);
  } catch (error) {
    if (error instanceof MediaError) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
  let previous: string | null | undefined;
  try {
    previous = await setAvatar(userId, key);
  } catch (error) {
    // Nobody points at the new files: they go.
    await removeAvatar(key).catch((removeError: unknown) => console.error(`Could not remove unused avatar ${key}: ${String(removeError)}`));
    throw error;
  }
  if (previous && previous !== key) {
    await removeAvatar(previous).catch((error: unknown) => console.error(`Could not remove old avatar ${previous}: ${String(error)}`));
  }
  return { ok: true };
}
