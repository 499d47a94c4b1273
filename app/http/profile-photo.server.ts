// A profile photo form's body: the one photo, written to disk as it arrives,
// or the draft of a form refused before its body was read.
import { data } from "@remix-run/node";
import type { PermissionRefusal } from "~/models/permissions.server";
import { bioSchema, nameSchema } from "~/schemas/index.server";
import { readDraft, readUploadForm, type UploadForm, type UploadRules } from "~/services/form.server";
import { parseWithSchema } from "~/utils/form";
import { MAX_IMAGE_BYTES } from "~/utils/media-rules";

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
