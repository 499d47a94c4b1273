import type { ActionFunctionArgs } from "@remix-run/node";
import { checkPermission } from "~/http/permissions.server";
import { commentTarget, defaultGoBack, submitPermission, type SubmitTarget } from "~/flows/post-submission.server";
import { uploadAction } from "~/http/post-submission.server";
import { safePath } from "~/utils/navigation";
import { siteOrigin } from "~/services/urls.server";

// The composer's upload with a progress bar (JS only): answers JSON. What it
// is for (a post, or a comment on which item) is in the address, so who may
// send it is decided before the files are read.
export async function action({ request }: ActionFunctionArgs) {
  const about = new URL(request.url).searchParams;
  const target: SubmitTarget = about.get("target") === "post" ? { kind: "post" } : commentTarget(about.get("id") ?? "", about.get("type"));
  const { user, campus, refusal } = await checkPermission(request, ...submitPermission(target));
  return uploadAction(request, {
    refusal,
    author: user,
    campusId: campus.id,
    origin: siteOrigin(request),
    target,
    goBack: (form) => safePath(String(form.get("goBack") ?? ""), defaultGoBack(target)),
  });
}
