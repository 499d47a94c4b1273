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

/** Client-side navigation for every <SpaLink> on the page: one listener, added once. */
export function useSpaLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-spa]") : null;
      if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const path = url.pathname + url.search + url.hash;
      // Like a browser (and <Link>), a link to the page already shown replaces it in the history.
      const replace = path === window.location.pathname + window.location.search + window.location.hash;
      navigate(path, { replace, preventScrollReset: link.hasAttribute("data-keep-scroll") });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
