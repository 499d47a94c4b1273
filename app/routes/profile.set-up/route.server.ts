// /profile/set-up: the photo and bio steps' forms.
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { avatarUrl, displayName, updateBio } from "~/models/users.server";
import { bioSchema } from "~/schemas/index.server";
import { checkPermission } from "~/http/permissions.server";
import { changeProfilePhoto, chosenFile } from "~/flows/profile-photo.server";
import { readPhotoForm, refusedProfileForm } from "~/http/profile-photo.server";
import { requireUser } from "~/services/session.server";
import { parseWithSchema } from "~/utils/form";
import { stepOf, stepUrl } from "./steps";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    step: stepOf(new URL(request.url).searchParams.get("step")),
    username: user.username,
    displayName: displayName(user),
    bio: user.bio,
    avatarUrl: avatarUrl(user.img, "large"),
  };
}

type ActionData = { intent: "photo"; error: string } | { intent: "bio"; reply: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const { user, refusal } = await checkPermission(request, "profile.edit");
  if (refusal) return refusedProfileForm(request, refusal);
  const read = await readPhotoForm(request, user.id, ["photo"]);
  if (!read.ok) return data<ActionData>({ intent: "photo", error: read.message }, { status: read.status });
  const { formData, cleanup } = read;
  try {
    const intent = formData.get("intent");
    if (intent === "photo") {
      // Next without a picture simply moves on (Skip for now does the same).
      const file = chosenFile(formData);
      if (file) {
        const result = await changeProfilePhoto(user.id, file);
        if (!result.ok) return data<ActionData>({ intent: "photo", error: result.message }, { status: result.status });
      }
      return redirect(stepUrl("bio"));
    }
    if (intent === "bio") {
      const submission = parseWithSchema(formData, bioSchema);
      if (submission.status !== "success") return data<ActionData>({ intent: "bio", reply: submission.reply() }, { status: 400 });
      await updateBio(user.id, submission.value.bio, { completeSetUp: true });
      return redirect(stepUrl("done"));
    }
    throw new Response("Bad Request", { status: 400 });
  } finally {
    await cleanup();
  }
}
