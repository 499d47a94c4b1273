import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect, redirectDocument } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { AppShell } from "~/components/app-shell";
import { ClientHints } from "~/components/client-hints";
import { useNonce } from "~/components/nonce";
import { NotFound } from "~/components/not-found";
import { SignUpPrompt } from "~/components/signup-prompt";
import { campusForRequest } from "~/models/campuses.server";
import { countUnread } from "~/models/notifications.server";
import { sessionUserView } from "~/models/users.server";
import { readAlert } from "~/services/alerts.server";
import { config } from "~/services/config.server";
import { signUpPromptAllowed } from "~/services/geo.server";
import { getOptionalUser, renewSession } from "~/services/session.server";
import accountsCss from "~/styles/accounts.css";
import appCss from "~/styles/app.css";
import { backTarget } from "~/utils/navigation";
import { isSignUpReason } from "~/utils/signup-prompt";
import { headerTitle } from "~/utils/route-handle";
import { siteOrigin } from "~/services/urls.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "stylesheet", href: accountsCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The region gate (app/services/middleware.server.ts) flags data requests it
  // refuses; documents never get here. Keep this loader revalidating on every
  // navigation, or a refused visitor could browse on without a document load.
  if (context.regionBlocked) throw redirectDocument("/404");
  const campus = await campusForRequest(request);
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
      unreadNotifications: user && url.pathname !== "/notifications" ? await countUnread(user.id) : 0,
      /** For share links (§4): PUBLIC_URL or this request's origin. */
      origin: siteOrigin(request),
    },
    { headers },
  );
}

export type RootData = typeof loader;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<RootData>("root");
  const matches = useMatches();
  const { title } = headerTitle(matches);
  const site = `${data?.campus.name ?? "Campus"} BuySell`;
  return (
    <html lang="en" data-campus={data?.campus.id} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* Marks the document as scripted before first paint, so .js-only controls appear without a flash. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ClientHints />
        <title>{title ? `${title} | ${site}` : site}</title>
        <meta name="description" content="Buy, sell and share on campus." />
        <Meta />
        <Links />
      </head>
      <body>
        <AppShell data={data}>{children}</AppShell>
        <SignUpPrompt />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="panel error-page">
      <h2>Something went wrong.</h2>
      <p>Try again in a moment, or go back to the feed.</p>
      <a className="button button--primary" href="/home">
        Go To Feed
      </a>
    </section>
  );
}
