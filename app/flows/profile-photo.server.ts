// Changing a profile photo (docs/product.md §5, §17): check and store the upload
// (storeAvatar), point the user at it, remove the previous files. Used by the
// edit and set-up screens (plain form posts) and by /profile/photo (the upload
// with a progress bar); app/http/profile-photo.server.ts reads their bodies.
import { setAvatar } from "~/models/users.server";
import { MediaError, removeAvatar, storeAvatar } from "~/services/media.server";

export type PhotoResult = { ok: true } | { ok: false; status: number; message: string };

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
