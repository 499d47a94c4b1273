import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Composer } from "~/components/composer";
import { SuspensionNotice } from "~/components/suspension-notice";
import { VerifySchoolPromptSlot } from "~/components/on-demand";
import type { RouteHandle } from "~/utils/route-handle";
import { useOptionalUser } from "~/utils/user";
import { createPostAction, createPostLoader } from "~/flows/composer-pages.server";

export const handle: RouteHandle = { title: "Create Post" };

// One server module: the browser build gets a single empty stand-in for it.
export const loader = (args: LoaderFunctionArgs) => createPostLoader(args);
export const action = (args: ActionFunctionArgs) => createPostAction(args);

export default function CreatePost() {
  const { goBack, schoolVerified, pickupSpots } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const suspension = useOptionalUser()?.suspension;
  // A refused send keeps its draft, with the reason, in the form.
  if (suspension && !result) return <SuspensionNotice text={suspension} />;
  if (!schoolVerified) return <VerifySchoolPromptSlot />;
  return (
    <div className="panel">
      <Composer
        kind="post"
        action={`/create/post?goBack=${encodeURIComponent(goBack)}`}
        hidden={{ target: "post", goBack }}
        goBack={goBack}
        pickupSpots={pickupSpots}
        lastResult={result?.reply}
        askDiscard={result?.askDiscard}
      />
    </div>
  );
}
