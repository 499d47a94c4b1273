// Changing a profile photo (§4, §5, §7): read the upload, check and store it
// (storeAvatar), point the user at it, remove the previous files. Used by the
// edit and set-up screens (plain form posts) and by /profile/photo (the upload
// with a progress bar).
import { MaxPartSizeExceededError } from "@remix-run/node";
import { setAvatar } from "~/models/users.server";
import { TOO_LARGE } from "~/utils/media-rules";
import { MediaError, removeAvatar, storeAvatar } from "~/services/media.server";
import { readPostForm } from "./post-submission.server";

export type PhotoResult = { ok: true } | { ok: false; status: number; message: string };

/** The form of a photo upload, or the refusal of one too large to read. */
export async function readPhotoForm(
  request: Request,
): Promise<{ ok: true; formData: FormData; cleanup: () => void } | { ok: false; status: number; message: string }> {
  try {
    return { ok: true, ...(await readPostForm(request)) };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, status: 413, message: TOO_LARGE };
    throw error;
  }
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
  const previous = await setAvatar(userId, key);
  if (previous && previous !== key) {
    await removeAvatar(previous).catch((error: unknown) => console.error(`Could not remove old avatar ${previous}: ${String(error)}`));
  }
  return { ok: true };
}
