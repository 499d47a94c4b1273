// A feed draws seven links per card and about eighty per page. Remix's <Link> is
// a dozen hooks each, and hydrating them was most of a phone's start-up work on
// /home. <SpaLink> is a plain <a> with no hooks: without JS it is an ordinary
// link, and with JS one click listener for the whole document (useSpaLinks, in
// the app shell) turns a click on it into the same client-side navigation a
// <Link> makes.
import { useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes } from "react";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path on this site ("/post/…", "?share=…" appended to one). */
  to: string;
  /** Keep the scroll position, as for a menu or dialog opened in the URL (Link's preventScrollReset). */
  preventScrollReset?: boolean;
};

export function SpaLink({ to, preventScrollReset, ...props }: Props) {
  // data-discover: Remix's route discovery fetches the routes of the links it finds on the page by this mark, as for its own links.
  return <a {...props} href={to} data-spa="" data-discover="true" data-keep-scroll={preventScrollReset ? "" : undefined} />;
}

type Place = { origin: string; pathname: string; search: string; hash: string };

/**
 * Where a plain left click on a <SpaLink> goes on the client, as <Link> decides it:
 * null when the browser should follow it itself (another window, a download,
 * another site).
 */
export function spaNavigation(link: { href: string; target: string; download: boolean; keepScroll: boolean }, current: Place) {
  if ((link.target && link.target !== "_self") || link.download) return null;
  const url = new URL(link.href, current.origin);
  if (url.origin !== current.origin) return null;
  const path = url.pathname + url.search + url.hash;
  // Like a browser (and <Link>), a link to the page already shown replaces it in the history.
  const replace = path === current.pathname + current.search + current.hash;
  return { path, replace, preventScrollReset: link.keepScroll };
}

/** Client-side navigation for every <SpaLink> on the page: one listener, added once. */
export function useSpaLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-spa]") : null;
      if (!link) return;
      const to = spaNavigation({ href: link.href, target: link.target, download: link.hasAttribute("download"), keepScroll: link.hasAttribute("data-keep-scroll") }, window.location);
      if (!to) return;
      event.preventDefault();
      navigate(to.path, { replace: to.replace, preventScrollReset: to.preventScrollReset });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
