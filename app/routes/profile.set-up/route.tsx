import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { BioForm, PhotoForm } from "~/components/profile-forms";
import { avatarUrl, displayName, updateBio } from "~/models/users.server";
import { bioSchema } from "~/schemas/index.server";
import { checkPermission } from "~/flows/permissions.server";
import { changeProfilePhoto, chosenFile, readPhotoForm, refusedProfileForm } from "~/flows/profile-photo.server";
import { requireUser } from "~/services/session.server";
import { parseWithSchema } from "~/utils/form";
import profileCss from "~/styles/profile.css";
import type { RouteHandle } from "~/utils/route-handle";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileCss }];

export const handle: RouteHandle = { title: "Set up profile" };

// Profile set-up (docs/product.md §5): picture, then bio, then done. Each step is its own
// page (?step=…), so it works as separate steps without JS.
const HERE = "/profile/set-up";
const STEPS = ["photo", "bio", "done"] as const;
type Step = (typeof STEPS)[number];
const stepOf = (value: string | null): Step => (STEPS as readonly string[]).includes(value ?? "") ? (value as Step) : "photo";
const stepUrl = (step: Step) => `${HERE}?step=${step}`;

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

export default function ProfileSetUp() {
  const { step, username, displayName, bio, avatarUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="panel stack setup" aria-labelledby="setup-title">
      <p className="muted setup__step">{step === "done" ? "Done" : `Step ${step === "photo" ? 1 : 2} of 2`}</p>
      {step === "photo" ? (
        <>
          <h2 id="setup-title" className="panel__title">
            Pick a profile picture
          </h2>
          <PhotoForm
            action={stepUrl("photo")}
            next={stepUrl("bio")}
            alertOnSuccess={false}
            avatarUrl={avatarUrl}
            name={displayName}
            submitLabel="Next"
            label="Profile picture"
            requireFile={false}
            error={actionData?.intent === "photo" ? actionData.error : null}
          >
            <Link to={stepUrl("bio")} className="button">
              Skip for now
            </Link>
          </PhotoForm>
        </>
      ) : step === "bio" ? (
        <>
          <h2 id="setup-title" className="panel__title">
            Describe yourself
          </h2>
          <BioForm action={stepUrl("bio")} bio={bio} lastResult={actionData?.intent === "bio" ? actionData.reply : undefined}>
            <SubmitButton className="button button--primary" name="intent" value="bio">
              Next
            </SubmitButton>
            <Link to={stepUrl("photo")} className="button">
              Back
            </Link>
          </BioForm>
        </>
      ) : (
        <>
          <h2 id="setup-title" className="panel__title">
            Your profile is updated
          </h2>
          <Link to={`/${username}`} className="button button--primary">
            See profile
          </Link>
        </>
      )}
    </section>
  );
}

