import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Composer } from "~/components/composer";
import { VerifySchoolPrompt } from "~/components/verify-school-prompt";
import { campusForRequest } from "~/models/campuses.server";
import { composerAction } from "~/flows/post-submission.server";
import { requireUser } from "~/services/session.server";
import { safePath } from "~/utils/navigation";
import type { RouteHandle } from "~/utils/route-handle";
import { siteOrigin } from "~/services/urls.server";

export const handle: RouteHandle = { title: "Create Post" };

function goBackOf(request: Request) {
  return safePath(new URL(request.url).searchParams.get("goBack"), "/home");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { goBack: goBackOf(request), schoolVerified: user.schoolVerified };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // A signed-in user who is not school-verified cannot post (design A5).
  if (!user.schoolVerified) return data({ reply: null, askDiscard: false }, { status: 403 });
  const campus = await campusForRequest(request);
  return composerAction(request, {
    authorId: user.id,
    campusId: campus.id,
    origin: siteOrigin(request),
    target: { kind: "post" },
    goBack: goBackOf(request),
  });
}

export default function CreatePost() {
  const { goBack, schoolVerified } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
