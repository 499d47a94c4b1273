import { useActionData, useLoaderData } from "@remix-run/react";
import { Composer } from "~/components/composer";
import { SuspensionNotice } from "~/components/suspension-notice";
import { OnDemand } from "~/components/on-demand";
import type { RouteHandle } from "~/utils/route-handle";
import { useOptionalUser } from "~/utils/user";
import type { action, loader } from "./route.server";

export const handle: RouteHandle = { title: "Create Comment" };

export { action, loader } from "./route.server";

export default function CreateComment() {
  const { id, type, goBack, schoolVerified, videos } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const suspension = useOptionalUser()?.suspension;
  // A refused send keeps its draft, with the reason, in the form.
  if (suspension && !result) return <SuspensionNotice text={suspension} />;
  if (!schoolVerified) return <OnDemand.VerifySchoolPrompt />;
  const query = new URLSearchParams({ type, goBack }).toString();
  return (
    <div className="panel">
      <Composer
        kind="comment"
        action={`/create/comment/${id}?${query}`}
        hidden={{ target: "comment", id, type, goBack }}
        goBack={goBack}
        videos={videos}
        lastResult={result?.reply}
        askDiscard={result?.askDiscard}
      />
    </div>
  );
}
