// Server-renders a route's component with its real loader, outside Remix:
// a data router with a root route whose loader gives no signed-in user (what
// useOptionalUser reads), as the document's body would be rendered.
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { Outlet, type LoaderFunction } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { serverComponentsLoaded } from "~/components/on-demand";

export async function renderPage(
  url: string,
  page: { path: string; loader: (args: never) => unknown; Component: ComponentType },
  opts: { cookie?: string } = {},
): Promise<string> {
  // As in the server, where the on-demand components are loaded before the first request.
  await serverComponentsLoaded;
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => ({ user: null }),
      Component: Outlet,
      children: [{ id: "page", path: page.path, loader: page.loader as unknown as LoaderFunction, Component: page.Component }],
    },
  ]);
  // The page's own loader reads the session from the cookie; the root still gives no user.
  const context = await handler.query(new Request(url, { headers: opts.cookie ? { Cookie: opts.cookie } : {} }));
  if (context instanceof Response) throw new Error(`The loader answered ${context.status}`);
  if (context.errors) throw Object.values(context.errors)[0];
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}
