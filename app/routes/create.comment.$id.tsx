import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Composer } from "~/components/composer";
import { campusForRequest } from "~/models/campuses.server";
import { commentTarget, composerAction, defaultGoBack } from "~/flows/post-submission.server";
import { requireUser } from "~/services/session.server";
import { safePath } from "~/utils/navigation";
import type { RouteHandle } from "~/utils/route-handle";
import { siteOrigin } from "~/services/urls.server";

export const handle: RouteHandle = { title: "Create Comment" };

function resolve(request: Request, id: string) {
  const params = new URL(request.url).searchParams;
  const target = commentTarget(id, params.get("type"));
  return { target, type: params.get("type") ?? "post", goBack: safePath(params.get("goBack"), defaultGoBack(target)) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const { type, goBack } = resolve(request, params.id ?? "");
  return { id: params.id ?? "", type, goBack };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { target, goBack } = resolve(request, params.id ?? "");
  return composerAction(request, {
    authorId: user.id,
    campusId: (await campusForRequest(request)).id,
    origin: siteOrigin(request),
    target,
    goBack,
  });
}

export default function CreateComment() {
  const { id, type, goBack } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
