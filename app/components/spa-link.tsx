// The links of cards (author, body, photos, actions). A feed draws about eighty
// links, and a Remix <Link> is a dozen hooks to hydrate each: most of a phone's
// start-up work on /home. A <SpaLink> is a plain <a>: without JS an ordinary
// link; with JS one click listener for the document (useSpaLinks, called by
// the components that draw them) makes the same client-side navigation a
// <Link> would. `data-discover` lets Remix's route discovery find it as it
// finds its own links. Pages without cards load none of this.
import { useNavigate, type NavigateFunction } from "@remix-run/react";
import { createElement, useEffect, type AnchorHTMLAttributes } from "react";

type SpaLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; preventScrollReset?: boolean };

export function SpaLink(props: SpaLinkProps) {
  // The anchor's attributes are gathered in one object handed to createElement:
  // an object spread (JSX's `{...props}`) of props that differ from link to link
  // takes V8's slow path, a twentieth of a signed-in /home's server time for its
  // eighty links.
  const attrs: Record<string, unknown> = {};
  for (const key in props) if (key !== "to" && key !== "preventScrollReset") attrs[key] = props[key as keyof SpaLinkProps];
  attrs.href = props.to;
  attrs["data-spa"] = "";
  attrs["data-discover"] = "true";
  if (props.preventScrollReset) attrs["data-keep-scroll"] = "";
  return createElement("a", attrs);
}

type Place = { origin: string; pathname: string; search: string; hash: string };

/**
 * Where a plain left click on a SpaLink goes on the client, decided as <Link>
 * decides it: null when the browser should follow it itself (another window,
 * a download, another site); the page already shown is replaced in the
 * history rather than pushed.
 */
export function spaNavigation(link: Place & { target: string; download: boolean; keepScroll: boolean }, current: Place) {
  if ((link.target && link.target !== "_self") || link.download || link.origin !== current.origin) return null;
  const path = link.pathname + link.search + link.hash;
  return { path, replace: path === current.pathname + current.search + current.hash, preventScrollReset: link.keepScroll };
}

// One listener for the whole document, however many components ask for it; it
// navigates with the router's navigate, the same for every page.
let navigateTo: NavigateFunction | null = null;

function onClick(event: MouseEvent) {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-spa]") : null;
  if (!link || !navigateTo || event.defaultPrevented || event.button || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const to = spaNavigation({ origin: link.origin, pathname: link.pathname, search: link.search, hash: link.hash, target: link.target, download: link.hasAttribute("download"), keepScroll: link.hasAttribute("data-keep-scroll") }, window.location);
  if (!to) return;
  event.preventDefault();
  navigateTo(to.path, { replace: to.replace, preventScrollReset: to.preventScrollReset });
}

/** Client-side navigation for the SpaLinks on the page (the listener is added once). */
export function useSpaLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!navigateTo) document.addEventListener("click", onClick);
    navigateTo = navigate;
  }, [navigate]);
}
