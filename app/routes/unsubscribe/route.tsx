import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { setEmailNotifications, subscriberForToken, unsubscribeToken } from "~/models/unsubscribe.server";
import { redirectWithAlert } from "~/services/alerts.server";
import type { RouteHandle } from "~/utils/route-handle";
import { readForm } from "~/services/form.server";

export const handle: RouteHandle = { title: "Email notifications" };

// Reached from the link in a notification email: no sign-in needed, the token
// says who (it expires, and a newer version revokes it: see the model). A GET
// only shows the choice, and the address only masked; the change is a POST.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const subscriber = await subscriberForToken(token);
  if (!subscriber) return data({ valid: false as const }, { status: 400 });
  return { valid: true as const, token, email: subscriber.maskedEmail, on: subscriber.emailNotifications };
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const form = await readForm(request);
  const token = String(form.get("token") ?? url.searchParams.get("token") ?? "");
  const subscriber = await subscriberForToken(token);
  // One-click unsubscribe from a mail client (RFC 8058): the token is in the URL.
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  if (!subscriber) {
    if (oneClick) return new Response("Invalid link", { status: 400 });
    return data({ error: "This link is not valid." }, { status: 400 });
  }
  const on = !oneClick && form.get("intent") === "resubscribe";
  const version = await setEmailNotifications(subscriber.id, on);
  if (oneClick) return new Response("Unsubscribed", { status: 200 });
  // Back on: the links sent before are revoked; this page goes on with one of the new version, expiring when the used one would have.
  const next = on ? unsubscribeToken(subscriber.id, { version, now: subscriber.issuedAt }) : token;
  return redirectWithAlert(request, `/unsubscribe?token=${encodeURIComponent(next)}`, {
    type: "success",
    message: "Account Updated!",
  });
}

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
