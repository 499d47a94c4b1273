import type { ActionFunctionArgs } from "@remix-run/node";
import { campusForRequest } from "~/models/campuses.server";
import { commentTarget, defaultGoBack, uploadAction, type SubmitTarget } from "~/flows/post-submission.server";
import { requireUser } from "~/services/session.server";
import { safePath } from "~/utils/navigation";
import { siteOrigin } from "~/services/urls.server";

// The composer's upload with a progress bar (JS only): answers JSON.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return uploadAction(request, {
    author: user,
    campusId: (await campusForRequest(request)).id,
    origin: siteOrigin(request),
    resolveTarget: (form) => {
      const id = String(form.get("id") ?? "");
      const type = String(form.get("type") ?? "post");
      const isPost = form.get("target") === "post";
      const target: SubmitTarget = isPost ? { kind: "post" } : commentTarget(id, type);
      return { target, goBack: safePath(String(form.get("goBack") ?? ""), defaultGoBack(target)) };
    },
  });
}
