import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Email notifications" };

export default function Unsubscribe() {
  const page = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  if (!page.valid) {
    return (
      <section className="panel empty-state" aria-labelledby="unsubscribe-title">
        <h2 id="unsubscribe-title">This link is not valid</h2>
        <p>Open the link from your most recent notification email, or change your email settings after logging in.</p>
        <Link to="/home" className="button button--primary">
          Go To Feed
        </Link>
      </section>
    );
  }
  return (
    <section className="panel stack" aria-labelledby="unsubscribe-title">
      <h2 id="unsubscribe-title">{page.on ? "Unsubscribe from email notifications?" : "Email notifications are off"}</h2>
      <p>
        {page.on ? (
          <>
            <strong>{page.email}</strong> gets an email when someone comments on, replies to or saves a post, or sends a
            message. Turn these emails off?
          </>
        ) : (
          <>
            <strong>{page.email}</strong> no longer gets notification emails. Emails you ask for, such as sign-in links
            and password resets, still arrive.
          </>
        )}
      </p>
      <Form method="post" className="button-row">
        <input type="hidden" name="token" value={page.token} />
        {page.on ? (
          <button type="submit" name="intent" value="unsubscribe" className="button button--primary" disabled={busy}>
            Unsubscribe
          </button>
        ) : (
          <button type="submit" name="intent" value="resubscribe" className="button" disabled={busy}>
            Turn them back on
          </button>
        )}
        <Link to="/home" className="button button--ghost">
          Go To Feed
        </Link>
      </Form>
    </section>
  );
}
