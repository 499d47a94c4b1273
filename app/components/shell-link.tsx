// The app shell's links: its navigation, logo, Create Post and Back, on every
// page. In the browser they are Remix's <NavLink> and <Link> (client-side
// navigation, fetching ahead on intent, the current page marked as it
// changes). On the server, where none of that runs, each is the plain <a>
// those components render, which the browser's <NavLink> or <Link> then
// hydrates as its own: the server is spared a dozen router hooks per link on
// every page, and the browser's code stays what it was.
import { Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";

const onServer = typeof document === "undefined";

type ShellLinkProps = {
  to: string;
  className?: string;
  prefetch?: "intent" | "none";
  "aria-label"?: string;
  "data-testid"?: string;
  children: ReactNode;
};

/**
 * What <Link> renders for a path on this site: its `href`, and `data-discover`
 * for Remix's route discovery. The props are named one by one: V8 (Node 20)
 * takes a slow path, about 1.5 µs, for an object spread followed by another
 * key, and the shell draws 18 of these on every page.
 */
function plainLink(props: ShellLinkProps, className: string | undefined, current: boolean) {
  return (
    <a
      className={className}
      aria-label={props["aria-label"]}
      data-testid={props["data-testid"]}
      aria-current={current ? "page" : undefined}
      href={props.to}
      data-discover="true"
    >
      {props.children}
    </a>
  );
}

/** A <Link> of the shell. */
export function ShellLink(props: ShellLinkProps) {
  return onServer ? plainLink(props, props.className, false) : <Link {...props} />;
}

/**
 * A <NavLink> of the shell. On the server the current page's item gets what
 * NavLink gives it: the `active` class (joined to the given one, "" for
 * neither) and `aria-current="page"`; it is the current page's when the path
 * is its own or one below it (Settings on /settings/blocked), in any case.
 */
export function ShellNavLink(props: ShellLinkProps & { pathname: string }) {
  if (!onServer) {
    const { pathname: _pathname, ...link } = props;
    return <NavLink {...link} />;
  }
  const path = props.pathname.toLowerCase();
  const target = props.to.toLowerCase();
  const active = path === target || (path.startsWith(target) && path.charAt(target.length) === "/");
  const className = props.className ? (active ? `${props.className} active` : props.className) : active ? "active" : "";
  return plainLink(props, className, active);
}
