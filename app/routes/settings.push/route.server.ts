import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { checkPermission, refusalResponse } from "~/http/permissions.server";
import { forgetPushDevice, pushDeviceId, rememberPushDevice } from "~/http/push-device.server";
import { getPushChoices, hasPushSubscription, removePushSubscription, savePushSubscription, setPushChoices } from "~/models/push-subscriptions.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { readForm } from "~/services/form.server";
import { consume } from "~/services/rate-limit.server";
import { pushEndpoint, pushPublicKey } from "~/services/push.server";
import { requireUser } from "~/services/session.server";
import { PUSH_CHOICES_SAVED, PUSH_OFF, PUSH_ON, TOO_MANY_PUSH_SUBSCRIBES } from "~/utils/messages";

const HERE = "/settings/push";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    /** What browsers subscribe with; null when push is off on this server. */
    publicKey: pushPublicKey(),
    /** This browser pushes to this user (the device cookie names one of their subscriptions). */
    onHere: await hasPushSubscription(user.id, await pushDeviceId(request)),
    choices: await getPushChoices(user.id),
  };
}

/** Turn push on or off for this browser, or save the choices (docs/product.md §26). */
export async function action({ request }: ActionFunctionArgs) {
  const { user, refusal } = await checkPermission(request, "push.manage");
  if (refusal) return refusalResponse(refusal);
  const form = await readForm(request);
  const field = (name: string) => String(form.get(name) ?? "");
  switch (field("intent")) {
    case "subscribe": {
      if (!pushPublicKey()) throw new Response("Not Found", { status: 404 });
      // Counted before anything is checked or stored: every attempt spends one (docs/product.md §21).
      if (!(await consume("pushSubscribesPerUser", user.id)).ok) return data({ error: TOO_MANY_PUSH_SUBSCRIBES }, { status: 429 });
      const endpoint = pushEndpoint(field("endpoint"));
      // The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
      const p256dh = field("p256dh");
      const auth = field("auth");
      if (!endpoint || !/^[\w-]{87}$/.test(p256dh) || !/^[\w-]{22}$/.test(auth)) throw new Response("Bad Request", { status: 400 });
      const id = await savePushSubscription(user.id, { endpoint, p256dh, auth });
      return redirectWithAlert(request, HERE, { type: "success", message: PUSH_ON }, { headers: { "Set-Cookie": await rememberPushDevice(request, id) } });
    }
    case "unsubscribe": {
      const id = await pushDeviceId(request);
      if (id) await removePushSubscription(user.id, { id });
      return redirectWithAlert(request, HERE, { type: "success", message: PUSH_OFF }, { headers: { "Set-Cookie": await forgetPushDevice(request) } });
    }
    case "choices":
      await setPushChoices(user.id, { messages: form.get("messages") === "on", alerts: form.get("alerts") === "on", other: form.get("other") === "on" });
      return redirectWithAlert(request, HERE, { type: "success", message: PUSH_CHOICES_SAVED });
    default:
      throw new Response("Bad Request", { status: 400 });
  }
}
