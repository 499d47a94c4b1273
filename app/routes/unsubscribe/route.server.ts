import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { setEmailNotifications, subscriberForToken, unsubscribeToken } from "~/models/unsubscribe.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { readForm } from "~/services/form.server";

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
