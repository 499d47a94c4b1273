import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Composer } from "~/components/composer";
import { SuspensionNotice } from "~/components/suspension-notice";
import { campusForRequest } from "~/models/campuses.server";
import { editAction, editDefaults, postForEdit } from "~/flows/post-submission.server";
import { requireUser } from "~/services/session.server";
import type { RouteHandle } from "~/utils/route-handle";
import { useOptionalUser } from "~/utils/user";

export const handle: RouteHandle = { title: "Edit post" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { post, media } = await postForEdit(params.id ?? "", user.id);
  return {
    id: post.id,
    defaults: editDefaults(post),
    media: media.map((m) => ({ id: m.id, kind: m.kind, src: m.src, name: m.name })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const campus = await campusForRequest(request);
  return editAction(request, { author: user, campusId: campus.id, postId: params.id ?? "" });
}

/** Edit a post (the author only): the composer with the post's values, its photos to remove or reorder. */
export default function EditPost() {
  const { id, defaults, media } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const suspension = useOptionalUser()?.suspension;
  // A refused send keeps its draft, with the reason, in the form.
  if (suspension && !result) return <SuspensionNotice text={suspension} />;
  return (
    <div className="panel">
      <Composer
        // A saved edit comes back with new defaults: start the form afresh.
        key={JSON.stringify(defaults) + media.map((m) => m.id).join()}
        kind="edit"
        action={`/post/${id}/edit`}
        hidden={{}}
        goBack={`/post/${id}`}
        defaultValue={defaults}
        existingMedia={media}
        lastResult={result?.reply}
        askDiscard={result?.askDiscard}
      />
    </div>
  );
}
