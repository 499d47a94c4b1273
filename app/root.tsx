import type { LinksFunction } from "@remix-run/node";
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
import { DeferredSlotsWatch, OnDemand } from "~/components/on-demand";
import { UrlPrompts } from "~/components/url-prompts";
import appCss from "~/styles/app.css";
import { documentTitle, SITE_DESCRIPTION, siteName } from "~/utils/meta";
import { headerTitle, type RouteHandle } from "~/utils/route-handle";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (docs/product.md §26): the campus's name and icons, per site.
  { rel: "manifest", href: "/manifest.webmanifest" },
];

import type { loader } from "./root.server";

// The loader lives in root.server.ts: the browser build gets one empty stand-in for it.
export { loader } from "./root.server";

export type RootData = typeof loader;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<RootData>("root");
  const matches = useMatches();
  const { title } = headerTitle(matches);
  const scripts = !matches.some((m) => (m.handle as RouteHandle | undefined)?.scripts === false);
  return (
    <html lang="en" data-campus={data?.campus.id} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <ClientHints />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {data ? <meta name="theme-color" content={data.campus.colour} /> : null}
        <title>{documentTitle(title, siteName(data?.campus.name))}</title>
        <meta name="description" content={SITE_DESCRIPTION} />
        {/* A shared page's link preview (previewMeta). */}
        <Meta />
        <Links />
      </head>
      <body>
        {/* First in the tree: a render held back by a waiting slot gets this far before it stops. */}
        <DeferredSlotsWatch />
        <AppShell data={data}>{children}</AppShell>
        <UrlPrompts />
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <OnDemand.NotFound />;
  // A refused request (413, 403, …) says why, in our own words: these bodies are messages we wrote, never the request's input.
  const reason = isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" && error.data.length <= 200 ? error.data : null;
  return <OnDemand.ErrorPanel reason={reason} />;
}
