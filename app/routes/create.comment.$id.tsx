import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Composer } from "~/components/composer";
import { SuspensionNotice } from "~/components/suspension-notice";
import { VerifySchoolPrompt } from "~/components/verify-school-prompt";
import { campusForRequest } from "~/models/campuses.server";
import { isSchoolVerifiedOn } from "~/models/school.server";
import { commentTarget, commentTargetExists, composerAction, defaultGoBack } from "~/flows/post-submission.server";
import { requireUser } from "~/services/session.server";
import { safePath } from "~/utils/navigation";
import type { RouteHandle } from "~/utils/route-handle";
import { useOptionalUser } from "~/utils/user";
import { siteOrigin } from "~/services/urls.server";

export const handle: RouteHandle = { title: "Create Comment" };

/** What the comment answers; a post, game or project that is not there is a 404. */
async function resolve(request: Request, id: string) {
  const params = new URL(request.url).searchParams;
  const target = commentTarget(id, params.get("type"));
  if (!await commentTargetExists(target)) throw new Response("Not Found", { status: 404 });
  return { target, type: params.get("type") ?? "post", goBack: safePath(params.get("goBack"), defaultGoBack(target)) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { type, goBack } = await resolve(request, params.id ?? "");
  return { id: params.id ?? "", type, goBack, schoolVerified: await isSchoolVerifiedOn(user, (await campusForRequest(request)).id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { target, goBack } = await resolve(request, params.id ?? "");
  return composerAction(request, {
    author: user,
    campusId: (await campusForRequest(request)).id,
    origin: siteOrigin(request),
    target,
    goBack,
  });
}

export default function CreateComment() {
  const { id, type, goBack, schoolVerified } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const suspension = useOptionalUser()?.suspension;
  // A refused send keeps its draft, with the reason, in the form.
  if (suspension && !result) return <SuspensionNotice text={suspension} />;
  if (!schoolVerified) return <VerifySchoolPrompt />;
  const query = new URLSearchParams({ type, goBack }).toString();
  return (
    <div className="panel">
      <Composer
        kind="comment"
        action={`/create/comment/${id}?${query}`}
        hidden={{ target: "comment", id, type, goBack }}
        goBack={goBack}
        lastResult={result?.reply}
        askDiscard={result?.askDiscard}
      />
    </div>
  );
}
