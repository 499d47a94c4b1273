// /create/post: the composer on a page of its own (the route without JS, or opened directly).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pickupSpotsFor } from "~/data/pickup-spots";
import { campusForRequest } from "~/http/campus.server";
import { dayIn } from "~/models/listing-extras.server";
import { isMoveOutWeek } from "~/models/move-out.server";
import { isSchoolVerifiedOn } from "~/models/school.server";
import { videosAccepted } from "~/services/media.server";
import { requireUser } from "~/services/session.server";
import { siteOrigin } from "~/services/urls.server";
import { safePath } from "~/utils/navigation";
import { checkPermission } from "~/http/permissions.server";
import { composerAction } from "~/http/post-submission.server";

function goBackOf(request: Request) {
  return safePath(new URL(request.url).searchParams.get("goBack"), "/home");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const campus = await campusForRequest(request);
  const moveOut = await isMoveOutWeek(campus.id, dayIn(campus.timeZone, Date.now()));
  // "Looking for something?": the composer of a Wanted post (URL state, docs/product.md §7).
  const wanted = new URL(request.url).searchParams.get("kind") === "wanted";
  return { goBack: goBackOf(request), wanted, schoolVerified: await isSchoolVerifiedOn(user, campus.id), pickupSpots: pickupSpotsFor(campus.id), videos: await videosAccepted(), moveOut };
}

export async function action({ request }: ActionFunctionArgs) {
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

