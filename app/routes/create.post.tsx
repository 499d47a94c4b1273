import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Composer } from "~/components/composer";
import { SuspensionNotice } from "~/components/suspension-notice";
import { VerifySchoolPrompt } from "~/components/verify-school-prompt";
import { campusForRequest } from "~/models/campuses.server";
import { isSchoolVerifiedOn } from "~/models/school.server";
import { composerAction } from "~/flows/post-submission.server";
import { requireUser } from "~/services/session.server";
import { safePath } from "~/utils/navigation";
import type { RouteHandle } from "~/utils/route-handle";
import { useOptionalUser } from "~/utils/user";
import { siteOrigin } from "~/services/urls.server";

export const handle: RouteHandle = { title: "Create Post" };

function goBackOf(request: Request) {
  return safePath(new URL(request.url).searchParams.get("goBack"), "/home");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { goBack: goBackOf(request), schoolVerified: await isSchoolVerifiedOn(user, (await campusForRequest(request)).id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const campus = await campusForRequest(request);
  // A signed-in user who is not school-verified here cannot post (design A5): composerAction refuses with 403.
  return composerAction(request, {
    author: user,
    campusId: campus.id,
    origin: siteOrigin(request),
    target: { kind: "post" },
    goBack: goBackOf(request),
  });
}

export default function CreatePost() {
  const { goBack, schoolVerified } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const suspension = useOptionalUser()?.suspension;
  // A refused send keeps its draft, with the reason, in the form.
  if (suspension && !result) return <SuspensionNotice text={suspension} />;
  if (!schoolVerified) return <VerifySchoolPrompt />;
  return (
    <div className="panel">
      <Composer
        kind="post"
        action={`/create/post?goBack=${encodeURIComponent(goBack)}`}
        hidden={{ target: "post", goBack }}
        goBack={goBack}
        lastResult={result?.reply}
        askDiscard={result?.askDiscard}
      />
    </div>
  );
}
