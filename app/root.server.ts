// The root loader (every page's layout), HTTP only: reads the request (campus,
// alert cookie, session, Referer, ?signup=), asks flows/layout.server for what
// the navigation shows, and answers with its cookies.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect, redirectDocument } from "@remix-run/node";
import { conversationShown, layoutView } from "~/flows/layout.server";
import { campusForRequest } from "~/http/campus.server";
import { sessionWithUnreadCounts } from "~/http/navigation.server";
import { readAlert } from "~/services/alerts.server";
import { config } from "~/services/config.server";
import { signUpPromptAllowed } from "~/services/geo.server";
import { renewSession } from "~/services/session.server";
import { siteOrigin } from "~/services/urls.server";
import { CAMPUS_COLOURS, campusIdFromHost } from "~/utils/campus";
import { backTarget } from "~/utils/navigation";
import { isSignUpReason } from "~/utils/url-state";
import { SIGNUP_TEXT, SIGNUP_TITLES } from "~/services/signup-prompt-texts.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The region gate (app/services/middleware.server.ts) flags data requests it
  // refuses; documents never get here. Keep this loader revalidating on every
  // navigation, or a refused visitor could browse on without a document load.
  if (context.regionBlocked) throw redirectDocument("/404");
  const url = new URL(request.url);
  // Started before the first await, so this is the request's session lookup, with the navigation's counts.
  const session = sessionWithUnreadCounts(request, conversationShown(url.pathname));
  const campus = await campusForRequest(request);
  const { alert, setCookie } = await readAlert(request);
  // A pending session (email not verified) browses as a visitor; the navigation offers Verify email and Log out.
  const { sessionUser, unread } = await session;
  const renewed = sessionUser ? await renewSession(request) : null;
  const signedIn = sessionUser?.verified ? sessionUser : null;
  const signUpReason = signedIn ? null : url.searchParams.get("signup");
  if (signedIn) context.setViewer?.(signedIn.id); // for the page-view record
  // docs/product.md §18: the sign-up prompt for a visitor the region rule refuses goes to /404, unless SHOW_FIREWALL=1.
  else if (isSignUpReason(signUpReason) && !signUpPromptAllowed({ ip: context.clientIp, header: (n) => request.headers.get(n) }, config().geo).allow) {
    throw redirect("/404");
  }
  // Without JS the Referer is the history we have (docs/product.md §19, the Back button).
  const referer = request.headers.get("Referer");
  const history = [];
  const from = referer && URL.canParse(referer) ? new URL(referer) : null;
  // backTarget takes it through safePath, like every other back target.
  if (from?.host === url.host) history.push({ path: from.pathname + from.search, createdAt: Date.now() });
  const view = await layoutView({ campus, sessionUser, pathname: url.pathname, unread });
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (renewed) headers.append("Set-Cookie", renewed);
  return data(
    {
      // The colour is the installed app's theme (theme-color, as in the manifest).
      campus: { id: campus.id, name: campus.name, colour: CAMPUS_COLOURS[campusIdFromHost(url.host)] },
      alert,
      back: backTarget(url.pathname + url.search, history),
      ...view,
      /** The sign-up prompt this page opens (`?signup=<reason>`), in its words. */
      signUpPrompt: isSignUpReason(signUpReason) ? { title: SIGNUP_TITLES[signUpReason], text: SIGNUP_TEXT[signUpReason] } : null,
      /** For share links (docs/product.md §8): this request's site when it is on the allowlist, else the default one. */
      origin: siteOrigin(request),
    },
    { headers },
  );
}
