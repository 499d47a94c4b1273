import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { getSavedSearch, stopSearchAlerts } from "~/models/saved-searches.server";
import { setEmailNotifications, subscriberForToken, unsubscribeToken } from "~/models/unsubscribe.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { readForm } from "~/services/form.server";

// Reached from the link in a notification email: no sign-in needed, the token
// says who (it expires, and a newer version revokes it: see the model). A GET
// only shows the choice, and the address only masked; the change is a POST.
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token") ?? "";
  // A saved search's alert email: its link turns off that one search's alerts.
  const searchId = params.get("search");
  const subscriber = await subscriberForToken(token, Date.now(), searchId);
  if (!subscriber) return data({ valid: false as const }, { status: 400 });
  const search = searchId ? await getSavedSearch(subscriber.id, searchId) : null;
  if (searchId && !search) return data({ valid: false as const }, { status: 400 });
  return { valid: true as const, token, email: subscriber.maskedEmail, on: subscriber.emailNotifications, search: search ? { description: search.description, on: search.notify !== "off" } : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const form = await readForm(request);
  const token = String(form.get("token") ?? url.searchParams.get("token") ?? "");
  const searchId = url.searchParams.get("search");
  const subscriber = await subscriberForToken(token, Date.now(), searchId);
  // One-click unsubscribe from a mail client (RFC 8058): the token is in the URL.
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  if (!subscriber) {
    if (oneClick) return new Response("Invalid link", { status: 400 });
    return data({ error: "This link is not valid." }, { status: 400 });
  }
  if (searchId) {
    const stopped = await stopSearchAlerts(subscriber.id, searchId);
    if (oneClick) return new Response(stopped ? "Unsubscribed" : "Invalid link", { status: stopped ? 200 : 400 });
    if (!stopped) return data({ error: "This link is not valid." }, { status: 400 });
    return redirectWithAlert(request, `/unsubscribe?token=${encodeURIComponent(token)}&search=${encodeURIComponent(searchId)}`, { type: "success", message: "Account Updated!" });
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
