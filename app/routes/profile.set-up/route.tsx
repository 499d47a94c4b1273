import type { LinksFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { BioForm, PhotoForm } from "~/components/profile-forms";
import profileCss from "~/styles/profile.css";
import type { RouteHandle } from "~/utils/route-handle";
import type { action, loader } from "./route.server";
import { stepUrl } from "./steps";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileCss }];

export const handle: RouteHandle = { title: "Set up profile" };

export { action, loader } from "./route.server";

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

