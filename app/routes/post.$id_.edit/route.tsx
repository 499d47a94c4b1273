import { useActionData, useLoaderData } from "@remix-run/react";
import { Composer } from "~/components/composer";
import { OnDemand } from "~/components/on-demand";
import { SuspensionNotice } from "~/components/suspension-notice";
import type { RouteHandle } from "~/utils/route-handle";
import { useOptionalUser } from "~/utils/user";
import type { action, loader } from "./route.server";

export const handle: RouteHandle = { title: "Edit post" };

export { action, loader } from "./route.server";

/** Edit a post (the author only): the composer with the post's values, its photos to remove, reorder or describe. */
export default function EditPost() {
  const { id, defaults, media, pickupSpots, videos } = useLoaderData<typeof loader>();
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
        pickupSpots={pickupSpots}
        keptMedia={media.length}
        videos={videos}
        wanted={defaults.kind === "wanted"}
        mediaEditor={(field) => <OnDemand.MediaEditor media={media} {...field} untilInteraction={field.draft === undefined} />}
        lastResult={result?.reply}
        askDiscard={result?.askDiscard}
      />
    </div>
  );
}
