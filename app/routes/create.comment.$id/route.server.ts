// /create/comment/{id}: the comment composer on a page of its own, for a post, game or project.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { campusForRequest } from "~/http/campus.server";
import { isSchoolVerifiedOn } from "~/models/school.server";
import { videosAccepted } from "~/services/media.server";
import { requireUser } from "~/services/session.server";
import { siteOrigin } from "~/services/urls.server";
import { safePath } from "~/utils/navigation";
import { checkPermission } from "~/http/permissions.server";
import { commentTarget, commentTargetExists, defaultGoBack, submitPermission } from "~/flows/post-submission.server";
import { composerAction } from "~/http/post-submission.server";

/** What a comment answers; a post, game or project that is not there is a 404. */
async function commentTargetOf(request: Request, id: string, viewerId: string) {
  const params = new URL(request.url).searchParams;
  const target = commentTarget(id, params.get("type"));
  if (!await commentTargetExists(target, viewerId)) throw new Response("Not Found", { status: 404 });
  return { target, type: params.get("type") ?? "post", goBack: safePath(params.get("goBack"), defaultGoBack(target)) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { type, goBack } = await commentTargetOf(request, params.id ?? "", user.id);
  return { id: params.id ?? "", type, goBack, schoolVerified: await isSchoolVerifiedOn(user, (await campusForRequest(request)).id), videos: await videosAccepted() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const target = commentTarget(params.id ?? "", new URL(request.url).searchParams.get("type"));
  const { user, campus, refusal } = await checkPermission(request, ...submitPermission(target));
  const { goBack } = await commentTargetOf(request, params.id ?? "", user.id);
  return composerAction(request, {
    refusal,
    author: user,
    campusId: campus.id,
    origin: siteOrigin(request),
    target,
    goBack,
  });
}
