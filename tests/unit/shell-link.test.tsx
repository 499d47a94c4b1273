// The app shell's links are rendered on the server as plain anchors that the
// browser's NavLink and Link hydrate as their own: the anchors must be what
// those components render, attribute for attribute, on every kind of page.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Link, NavLink } from "@remix-run/react";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { ShellLink, ShellNavLink } from "~/components/shell-link";

/** An anchor's attributes, in a fixed order, and its content. */
function anchor(html: string) {
  const match = html.match(/^<a ([^>]*)>(.*)<\/a>$/);
  if (!match) throw new Error(`not one anchor: ${html}`);
  const attributes = [...match[1]!.matchAll(/(?<![\w-])([\w-]+)="([^"]*)"/g)].map(([, name, value]) => `${name}=${value}`).sort();
  return { attributes, content: match[2] };
}

/** `element` rendered on `location` inside a data router, as Remix renders a page on the server. */
async function inDataRouter(location: string, element: ReactElement) {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`http://localhost${location}`));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

const PAGES = ["/home", "/search", "/settings", "/settings/blocked", "/Settings", "/settingsx", "/benchseller", "/post/abc?share=abc"];
const TARGETS = ["/home", "/search", "/settings", "/benchseller"];

describe("ShellNavLink and ShellLink on the server", () => {
  it("render what NavLink renders: the current page's item active with aria-current, the others with an empty class", async () => {
    for (const page of PAGES) {
      const pathname = page.split("?")[0]!;
      for (const to of TARGETS) {
        const router = await inDataRouter(
          page,
          <NavLink to={to} aria-label="Go">
            <span>Go</span>
          </NavLink>,
        );
        const shell = renderToStaticMarkup(
          <ShellNavLink pathname={pathname} to={to} prefetch="intent" aria-label="Go">
            <span>Go</span>
          </ShellNavLink>,
        );
        expect(anchor(shell), `${to} on ${page}`).toEqual(anchor(router));
      }
    }
  });

  it("render what Link renders, with its class, label and test id", async () => {
    for (const to of ["/home", "/create/post?goBack=%2Fhome"]) {
      const props = { className: "button button--primary", "aria-label": "Home", "data-testid": "back" };
      const router = await inDataRouter(
        "/settings",
        <Link to={to} {...props}>
          Home
        </Link>,
      );
      const shell = renderToStaticMarkup(
        <ShellLink to={to} {...props}>
          Home
        </ShellLink>,
      );
      expect(anchor(shell)).toEqual(anchor(router));
    }
  });
});
