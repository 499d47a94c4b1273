// The data every page's layout shows (root loader): campus, alert, the signed-in
// user and their unread count, the Back target and the share origin.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect, redirectDocument } from "@remix-run/node";
import { campusForRequest } from "~/models/campuses.server";
import { countUnread } from "~/models/notifications.server";
import { sessionUserView } from "~/models/users.server";
import { readAlert } from "~/services/alerts.server";
import { config } from "~/services/config.server";
import { signUpPromptAllowed } from "~/services/geo.server";
import { getOptionalUser, renewSession } from "~/services/session.server";
import { siteOrigin } from "~/services/urls.server";
import { backTarget } from "~/utils/navigation";
import { isSignUpReason } from "~/utils/signup-prompt";

export async function layoutLoader({ request, context }: LoaderFunctionArgs) {
  // The region gate (app/services/middleware.server.ts) flags data requests it
  // refuses; documents never get here. Keep this loader revalidating on every
  // navigation, or a refused visitor could browse on without a document load.
  if (context.regionBlocked) throw redirectDocument("/404");
  const campus = campusForRequest(request);
  const { alert, setCookie } = await readAlert(request);
  const user = await getOptionalUser(request);
  const renewed = user ? await renewSession(request) : null;
  const url = new URL(request.url);
  if (user) context.setViewer?.(user.id); // for the page-view record
  // §6: the sign-up prompt for a visitor the region rule refuses goes to /404, unless SHOW_FIREWALL=1.
  else if (isSignUpReason(url.searchParams.get("signup")) && !signUpPromptAllowed({ ip: context.clientIp, header: (n) => request.headers.get(n) }, config().geo).allow) {
    throw redirect("/404");
  }
  // Without JS the Referer is the history we have (spec §4 back rules).
  const referer = request.headers.get("Referer");
  const history = [];
  if (referer) {
    const from = new URL(referer, url);
    if (from.host === url.host) history.push({ path: from.pathname + from.search, createdAt: Date.now() });
  }
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (renewed) headers.append("Set-Cookie", renewed);
  return data(
    {
      campus: { id: campus.id, name: campus.name },
      alert,
      back: backTarget(url.pathname + url.search, history),
      user: user ? sessionUserView(user) : null,
      // The notifications page marks them all read as it shows them.
      unreadNotifications: user && url.pathname !== "/notifications" ? countUnread(user.id) : 0,
      /** For share links (§4): PUBLIC_URL or this request's origin. */
      origin: siteOrigin(request),
    },
    { headers },
  );
}
