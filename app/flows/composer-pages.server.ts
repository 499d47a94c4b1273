// The loaders and actions of the composer's own pages: /create/post,
// /create/comment/{id} and /post/{id}/edit. Each route imports only this
// module, so the browser build gets a single empty stand-in for its server code.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pickupSpotsFor } from "~/data/pickup-spots";
import { campusForRequest } from "~/models/campuses.server";
import { isSchoolVerifiedOn } from "~/models/school.server";
import { requireUser } from "~/services/session.server";
import { siteOrigin } from "~/services/urls.server";
import { safePath } from "~/utils/navigation";
import { checkPermission } from "./permissions.server";
import { commentTarget, commentTargetExists, composerAction, defaultGoBack, editAction, editDefaults, postForEdit, submitPermission } from "./post-submission.server";

function goBackOf(request: Request) {
  return safePath(new URL(request.url).searchParams.get("goBack"), "/home");
}

export async function createPostLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const campus = await campusForRequest(request);
  return { goBack: goBackOf(request), schoolVerified: await isSchoolVerifiedOn(user, campus.id), pickupSpots: pickupSpotsFor(campus.id) };
}

export async function createPostAction({ request }: ActionFunctionArgs) {
  // Not a student here, or suspended: composerAction refuses before reading the body.
  const { user, campus, refusal } = await checkPermission(request, "post.create");
  return composerAction(request, {
    refusal,
    author: user,
    campusId: campus.id,
    origin: siteOrigin(request),
    target: { kind: "post" },
    goBack: goBackOf(request),
  });
}

/** What a comment answers; a post, game or project that is not there is a 404. */
async function commentTargetOf(request: Request, id: string, viewerId: string) {
  const params = new URL(request.url).searchParams;
  const target = commentTarget(id, params.get("type"));
  if (!await commentTargetExists(target, viewerId)) throw new Response("Not Found", { status: 404 });
  return { target, type: params.get("type") ?? "post", goBack: safePath(params.get("goBack"), defaultGoBack(target)) };
}

export async function createCommentLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { type, goBack } = await commentTargetOf(request, params.id ?? "", user.id);
  return { id: params.id ?? "", type, goBack, schoolVerified: await isSchoolVerifiedOn(user, (await campusForRequest(request)).id) };
}

export async function createCommentAction({ request, params }: ActionFunctionArgs) {
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

export async function editPostLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { post, media } = await postForEdit(params.id ?? "", user.id);
  return {
    id: post.id,
    pickupSpots: pickupSpotsFor((await campusForRequest(request)).id),
    defaults: editDefaults(post),
    media: media.map((m) => ({ id: m.id, kind: m.kind, src: m.src, name: m.name, alt: m.alt, description: m.description ?? "" })),
  };
}

export async function editPostAction({ request, params }: ActionFunctionArgs) {
  const { user, campus, refusal } = await checkPermission(request, "post.manage", { post: params.id ?? "" });
  return editAction(request, { author: user, campusId: campus.id, postId: params.id ?? "", refusal });
}
