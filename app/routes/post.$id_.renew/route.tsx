import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Dialog } from "~/components/dialog";
import type { RouteHandle } from "~/utils/route-handle";
import type { action, loader } from "./route.server";

export const handle: RouteHandle = { title: "Renew listing" };

export { action, loader } from "./route.server";

export default function RenewListing() {
  const { id, token, error } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const message = refused?.error ?? error;
  if (message) {
    return (
      <section className="panel empty-state" aria-labelledby="renew-title">
        <h2 id="renew-title">Renew listing</h2>
        <p>{message}</p>
        <Link to={`/post/${id}`} className="button">
          See the listing
        </Link>
      </section>
    );
  }
  return (
    <Dialog
      title="Renew listing?"
      id="renew-link"
      closeHref={`/post/${id}`}
      description="It moves back to the top of the feed and stays up for another 30 days."
      alert
    >
      <Form method="post" className="button-row">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button button--primary" disabled={busy} data-autofocus>
          Renew
        </button>
        <Link to={`/post/${id}`} className="button">
          Cancel
        </Link>
      </Form>
    </Dialog>
  );
}
