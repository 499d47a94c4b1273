// The links of cards (author, body, photos, actions) and of the navigation. A
// feed draws about eighty links, and a Remix <Link> is a dozen hooks to render
// and hydrate each: most of a phone's start-up work on /home, and a tenth of
// the server's work for a page. A <SpaLink> is a plain <a>: without JS an
// ordinary link; with JS one click listener for the document (useSpaLinks,
// called by the app shell and the components that draw them) makes the same
// client-side navigation a <Link> would. `data-discover` lets Remix's route
// discovery find it as it finds its own links.
import { PrefetchPageLinks, useNavigate, type NavigateFunction } from "@remix-run/react";
import { createElement, useEffect, useMemo, useRef, useState, type AnchorHTMLAttributes, type SyntheticEvent } from "react";

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

/**
 * Whether a link to `to` is the page shown or a section above it, as <NavLink>
 * decides (letter case aside, a whole path segment: /settings for
 * /settings/account, not for /settingsx).
 */
export function isCurrentPath(to: string, pathname: string): boolean {
  const target = (to.split(/[?#]/, 1)[0] || "/").toLowerCase();
  const here = pathname.toLowerCase();
  const end = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here === target || (here.startsWith(target) && here.charAt(end) === "/");
}

/** A navigation link: a SpaLink marked as <NavLink> marks the current page's, class "active" and aria-current="page". */
export function SpaNavLink({ pathname, className, ...props }: SpaLinkProps & { pathname: string }) {
  const current = isCurrentPath(props.to, pathname);
  return <SpaLink {...props} className={current ? (className ? `${className} active` : "active") : className} aria-current={current ? "page" : undefined} />;
}

/** How long a pointer or the focus rests on a link before its page is fetched ahead (Remix's prefetch="intent" waits as long). */
const INTENT_DELAY_MS = 100;

/**
 * Remix's prefetch="intent" for the plain links inside one element: resting
 * the pointer or the focus on an `a[data-prefetch]` there renders the prefetch
 * links of its page (its route modules and data), as a <Link prefetch="intent">
 * would. Returns the handlers for the element around the links and what to
 * render beside them.
 */
export function useIntentPrefetch() {
  const [page, setPage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const handlers = useMemo(() => {
    const linkOf = (node: EventTarget | null) => (node instanceof Element ? node.closest<HTMLAnchorElement>("a[data-prefetch]") : null);
    const start = (event: SyntheticEvent) => {
      const link = linkOf(event.target);
      if (!link) return;
      clearTimeout(timer.current);
      const href = link.getAttribute("href");
      timer.current = setTimeout(() => setPage(href), INTENT_DELAY_MS);
    };
    // Leaving for a place inside the same link is not leaving it.
    const stop = (event: SyntheticEvent & { relatedTarget: EventTarget | null }) => {
      const link = linkOf(event.target);
      if (!link || linkOf(event.relatedTarget) === link) return;
      clearTimeout(timer.current);
      setPage(null);
    };
    return { onMouseOver: start, onFocus: start, onMouseOut: stop, onBlur: stop };
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { handlers, prefetch: page ? <PrefetchPageLinks page={page} /> : null };
}
