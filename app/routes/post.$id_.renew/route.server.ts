// The reminder email's renew link. It works without signing in, for this one
// listing and this one action. Opening it only asks: mail scanners and link
// previews open links too, and must not use up a single-use link.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { checkRenewToken, RENEW_LINK_MESSAGES, renewWithToken } from "~/models/listings.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { readForm } from "~/services/form.server";
import { LISTING_RENEWED } from "~/utils/listings";

/** A link that never was: 404; a suspended author: 403; a link that was good once: 410. */
const renewLinkStatus = (reason: keyof typeof RENEW_LINK_MESSAGES) => (reason === "invalid" ? 404 : reason === "suspended" ? 403 : 410);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const checked = await checkRenewToken(id, token);
  if (checked.ok) return { id, token, error: null };
  return data({ id, token: "", error: RENEW_LINK_MESSAGES[checked.reason] }, { status: renewLinkStatus(checked.reason) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const form = await readForm(request);
  const renewed = await renewWithToken(id, String(form.get("token") ?? ""));
  if (renewed.ok) return redirectWithAlert(request, `/post/${id}`, { type: "success", message: LISTING_RENEWED });
  return data({ error: RENEW_LINK_MESSAGES[renewed.reason] }, { status: renewLinkStatus(renewed.reason) });
}
