// Which push subscription is this browser's (docs/product.md §26): a signed cookie
// with the subscription's id, set when push is turned on here. Sign-out reads it
// to remove this device's subscription, and Settings to say whether push is on
// here, without the page having to ask the browser first.
import { appCookie } from "~/services/cookies.server";

const deviceCookie = appCookie("push_device", { maxAge: 400 * 24 * 3600 });

/** The id of this browser's push subscription, if it turned push on. */
export async function pushDeviceId(request: Request): Promise<string | null> {
  const value: unknown = await deviceCookie(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

export function rememberPushDevice(request: Request, id: string): Promise<string> {
  return deviceCookie(request).serialize(id);
}

export function forgetPushDevice(request: Request): Promise<string> {
  return deviceCookie(request).serialize("", { maxAge: 0 });
}
