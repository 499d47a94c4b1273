// /profile/edit: the photo, the name and the bio, each its own form (intent).
import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { avatarUrl, displayName, updateBio, updateName } from "~/models/users.server";
import { bioSchema, formConstraint, nameSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { requireUser } from "~/services/session.server";
import { parseWithSchema } from "~/utils/form";
import { PROFILE_MESSAGES } from "~/utils/limits";
import { checkPermission } from "~/http/permissions.server";
import { changeProfilePhoto, chosenFile } from "~/flows/profile-photo.server";
import { readPhotoForm, refusedProfileForm } from "~/http/profile-photo.server";

const HERE = "/profile/edit";
const updated = (request: Request) => redirectWithAlert(request, HERE, { type: "success", message: PROFILE_MESSAGES.updated });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    username: user.username,
    displayName: displayName(user),
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    avatarUrl: avatarUrl(user.img, "large"),
    constraint: formConstraint(nameSchema),
  };
}

type ProfileEditActionData = { intent: "photo"; error: string } | { intent: "name" | "bio"; reply: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const { user, refusal } = await checkPermission(request, "profile.edit");
  if (refusal) return refusedProfileForm(request, refusal);
  const read = await readPhotoForm(request, user.id, ["photo"]);
  if (!read.ok) return data<ProfileEditActionData>({ intent: "photo", error: read.message }, { status: read.status });
  const { formData, cleanup } = read;
  try {
    const intent = formData.get("intent");
    if (intent === "photo") {
      const file = chosenFile(formData);
      if (!file) return data<ProfileEditActionData>({ intent: "photo", error: "Choose a photo first." }, { status: 400 });
      const result = await changeProfilePhoto(user.id, file);
      if (!result.ok) return data<ProfileEditActionData>({ intent: "photo", error: result.message }, { status: result.status });
      return updated(request);
    }
    if (intent === "name") {
      const submission = parseWithSchema(formData, nameSchema);
      if (submission.status !== "success") return data<ProfileEditActionData>({ intent: "name", reply: submission.reply() }, { status: 400 });
      await updateName(user.id, submission.value);
      return updated(request);
    }
    if (intent === "bio") {
      const submission = parseWithSchema(formData, bioSchema);
      if (submission.status !== "success") return data<ProfileEditActionData>({ intent: "bio", reply: submission.reply() }, { status: 400 });
      await updateBio(user.id, submission.value.bio);
      return updated(request);
    }
    throw new Response("Bad Request", { status: 400 });
  } finally {
    await cleanup();
  }
}
