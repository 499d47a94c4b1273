import type { ActionFunctionArgs } from "@remix-run/node";
import { PROFILE_MESSAGES } from "~/schemas/index.server";
import { alertCookie } from "~/services/alerts.server";
import { changeProfilePhoto, chosenFile } from "~/flows/profile-photo.server";
import { readPhotoForm } from "~/http/profile-photo.server";
import { checkPermission } from "~/http/permissions.server";
import { NOT_PHOTO } from "~/utils/media-rules";
import { safePath } from "~/utils/navigation";

// The photo upload with a progress bar (JS only, from the edit and set-up
// screens): the same checks as their plain forms, answered as JSON.
export async function action({ request }: ActionFunctionArgs) {
  const { user, refusal } = await checkPermission(request, "profile.edit");
  if (refusal) return Response.json({ ok: false, error: refusal.message }, { status: refusal.status });
  const read = await readPhotoForm(request, user.id);
  if (!read.ok) return Response.json({ ok: false, error: read.message }, { status: read.status });
  try {
    const file = chosenFile(read.formData);
    if (!file) return Response.json({ ok: false, error: NOT_PHOTO }, { status: 400 });
    const result = await changeProfilePhoto(user.id, file);
    if (!result.ok) return Response.json({ ok: false, error: result.message }, { status: result.status });
    const redirectTo = safePath(String(read.formData.get("next") ?? ""), "/profile/edit");
    const headers = new Headers();
    if (read.formData.get("alert") === "1") headers.append("Set-Cookie", await alertCookie(request, { type: "success", message: PROFILE_MESSAGES.updated }));
    return Response.json({ ok: true, redirectTo }, { headers });
  } finally {
    await read.cleanup();
  }
}
