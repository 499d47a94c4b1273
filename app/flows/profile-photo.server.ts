// Changing a profile photo (§4, §5, §7): read the upload, check and store it
// (storeAvatar), point the user at it, remove the previous files. Used by the
// edit and set-up screens (plain form posts) and by /profile/photo (the upload
// with a progress bar).
import { setAvatar } from "~/models/users.server";
import { MAX_IMAGE_BYTES } from "~/utils/media-rules";
import { readUploadForm, type UploadForm, type UploadRules } from "~/services/form.server";
import { MediaError, removeAvatar, storeAvatar } from "~/services/media.server";

export type PhotoResult = { ok: true } | { ok: false; status: number; message: string };

/** One photo, within the photo limit (§5). */
const PHOTO_UPLOAD: UploadRules = { fileField: "photo", maxFiles: 1, maxFileBytes: () => MAX_IMAGE_BYTES, largestFileBytes: MAX_IMAGE_BYTES };

/** The form of a photo upload (the file on disk as it arrives), or why it was refused. */
export function readPhotoForm(request: Request): Promise<UploadForm> {
  return readUploadForm(request, PHOTO_UPLOAD);
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
