// /post/{id}/edit: the author changes a post's text, listing details and media.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pickupSpotsFor } from "~/data/pickup-spots";
import { campusForRequest } from "~/http/campus.server";
import { videosAccepted } from "~/services/media.server";
import { requireUser } from "~/services/session.server";
import { checkPermission } from "~/http/permissions.server";
import { editDefaults } from "~/flows/post-submission.server";
import { editAction, postForEdit } from "~/http/post-submission.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { post, media } = await postForEdit(params.id ?? "", user.id);
  return {
    id: post.id,
    pickupSpots: pickupSpotsFor((await campusForRequest(request)).id),
    defaults: editDefaults(post),
    videos: await videosAccepted(),
    media: media.map((m) => ({ id: m.id, kind: m.kind, src: m.src, name: m.name, alt: m.alt, description: m.description ?? "" })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, campus, refusal } = await checkPermission(request, "post.manage", { post: params.id ?? "" });
  return editAction(request, { author: user, campusId: campus.id, postId: params.id ?? "", refusal });
}
