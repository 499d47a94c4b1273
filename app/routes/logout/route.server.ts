import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { forgetPushDevice, pushDeviceId } from "~/http/push-device.server";
import { removePushSubscription } from "~/models/push-subscriptions.server";
import { destroySessionCookie, getSessionUser, requireSessionUser } from "~/services/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // A pending session (email not verified yet) may sign out too.
  await requireSessionUser(request);
  return null;
}

/** Logging out ends the server session (its row goes), not just the cookie, and this device's push subscription. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await getSessionUser(request);
  const device = await pushDeviceId(request);
  if (user && device) await removePushSubscription(user.id, { id: device });
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySessionCookie(request));
  if (device) headers.append("Set-Cookie", await forgetPushDevice(request));
  return redirect("/home", { headers });
}
