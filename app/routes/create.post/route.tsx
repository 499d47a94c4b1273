import { useActionData, useLoaderData } from "@remix-run/react";
import { Composer } from "~/components/composer";
import { SuspensionNotice } from "~/components/suspension-notice";
import { OnDemand } from "~/components/on-demand";
import type { RouteHandle } from "~/utils/route-handle";
import { useOptionalUser } from "~/utils/user";
import type { action, loader } from "./route.server";

export const handle: RouteHandle = { title: "Create Post" };

export { action, loader } from "./route.server";

export default function CreatePost() {
  const { goBack, wanted, schoolVerified, pickupSpots, videos, moveOut } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const suspension = useOptionalUser()?.suspension;
  // A refused send keeps its draft, with the reason, in the form.
  if (suspension && !result) return <SuspensionNotice text={suspension} />;
  if (!schoolVerified) return <OnDemand.VerifySchoolPrompt />;
  return (
    <div className="panel">
      <Composer
        kind="post"
        key={wanted ? "wanted" : "post"}
        action={`/create/post?${wanted ? "kind=wanted&" : ""}goBack=${encodeURIComponent(goBack)}`}
        hidden={{ target: "post", goBack }}
        goBack={goBack}
        pickupSpots={pickupSpots}
        videos={videos}
        moveOut={moveOut}
        wanted={wanted}
        lastResult={result?.reply}
        askDiscard={result?.askDiscard}
      />
    </div>
  );
}
