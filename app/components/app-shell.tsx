import { useLocation, useMatches } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { Alert } from "~/types/views";
import { createPostHref, headerTitle } from "~/utils/route-handle";
import type { SessionUser } from "~/utils/user";
import { AlertToast } from "./alert";
import { BackButton } from "./back-button";
import type { IconName } from "./icons";
import { ShellLink, ShellNavLink } from "./shell-link";

export type ShellData = {
  campus: { id: string; name: string };
  alert: Alert | null;
  back: string;
  user: SessionUser | null;
  /** Signed up but the email is not verified yet: Verify email and Log out instead of Log in and Sign up. */
  pending?: { username: string } | null;
  /** Unread notifications of the signed-in user (capped: 100 reads "99+"). */
  unreadNotifications?: number;
  /** Conversations with a message the signed-in user has not read (capped the same way). */
  unreadMessages?: number;
  /** Moderators: reported items waiting for review (capped the same way). */
  openReports?: number;
};

type NavItem = { to: string; label: string; icon: IconName };

const SETTINGS: NavItem = { to: "/settings", label: "Settings", icon: "settings" };
const SAVED: NavItem = { to: "/saved", label: "Saved", icon: "bookmark" };

const NAV: NavItem[] = [
  { to: "/home", label: "Home", icon: "home" },
  { to: "/search", label: "Search", icon: "search" },
  { to: "/notifications", label: "Notifications", icon: "bell" },
  { to: "/messages", label: "Messages", icon: "message" },
  SAVED,
  { to: "/profile", label: "Profile", icon: "user" },
  { to: "/more", label: "More", icon: "more" },
  SETTINGS,
];

const MODERATION: NavItem = { to: "/moderation", label: "Moderation", icon: "flag" };
const LOG_OUT: NavItem = { to: "/logout", label: "Log out", icon: "logout" };

/**
 * Signed in: Log out; a pending account (email not verified): Verify email and
 * Log out; visitors: Log in and Sign up.
 */
function sessionNav(user: SessionUser | null | undefined, pending: ShellData["pending"]): NavItem[] {
  if (user) return [LOG_OUT];
  if (pending) return [{ to: "/verify", label: "Verify email", icon: "check" }, LOG_OUT];
  return [{ to: "/login", label: "Log in", icon: "login" }, { to: "/user_registration", label: "Sign up", icon: "plus" }];
}

/**
 * Saved, Settings and the session's items: the bottom navigation of a phone has no room
 * for them, so the More menu lists them (two taps from any page on any width).
 */
export function accountNav(user: SessionUser | null | undefined, pending: ShellData["pending"]): NavItem[] {
  return [SAVED, SETTINGS, ...sessionNav(user, pending)];
}

/** Signed in: Profile is their own page (moderators also get Moderation). */
function navFor(user: SessionUser | null | undefined, pending: ShellData["pending"]): NavItem[] {
  const username = user?.username ?? pending?.username;
  const items = NAV.map((item) => (item.to === "/profile" && username ? { ...item, to: `/${username}` } : item));
  return [...items, ...(user?.isModerator ? [MODERATION] : []), ...sessionNav(user, pending)];
}

const BADGE_COUNTS: Partial<Record<string, (data: ShellData) => number | undefined>> = {
  "/notifications": (d) => d.unreadNotifications,
  "/messages": (d) => d.unreadMessages,
  "/moderation": (d) => d.openReports,
};

/** The unread count on the Notifications and Messages items (open reports on Moderation), and its words for screen readers. */
function unreadBadge(item: NavItem, data: ShellData | undefined) {
  const unread = data ? BADGE_COUNTS[item.to]?.(data) : undefined;
  if (!unread) return { badge: null, label: item.label };
  const shown = unread > 99 ? "99+" : String(unread);
  return {
    badge: <span className="nav-badge" aria-hidden="true">{shown}</span>,
    label: `${item.label}, ${shown} ${item.to === "/moderation" ? "open" : "unread"}`,
  };
}

/**
 * A navigation item's icon, with its unread badge: one element, the icon painted by its
 * `::before` (app.css), where an Icon inside would be one element and component more for
 * each of the shell's 15 items on every page.
 */
function NavIcon({ name, children }: { name: IconName; children: ReactNode }) {
  return <span className={`nav-icon icon-${name}`}>{children}</span>;
}

/** Hides the mobile header while scrolling down and shows it on the way up (docs/product.md §2). */
function useHideOnScroll() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      ref.current?.classList.toggle("is-hidden", y > lastY && y > 56);
      lastY = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return ref;
}

export function AppShell({ data, children }: { data: ShellData | undefined; children: ReactNode }) {
  const matches = useMatches();
  const { title, back } = headerTitle(matches);
  const headerRef = useHideOnScroll();
  const campus = data?.campus ?? { id: "ou", name: "OU" };
  const nav = navFor(data?.user, data?.pending);
  const createPost = createPostHref(matches);
  const { pathname } = useLocation();
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <nav className="side-nav" aria-label="Main">
        <ShellLink to="/home" className="brand">
          <img src={`/logos/${campus.id}.svg`} alt="" width="32" height="32" />
          <span>{`${campus.name} BuySell`}</span>
        </ShellLink>
        <ul>
          {nav.map((item) => {
            const { badge, label } = unreadBadge(item, data);
            return (
              <li key={item.to}>
                {/* Opening Notifications marks them read: no fetching ahead on hover. */}
                <ShellNavLink pathname={pathname} to={item.to} prefetch={item.to === "/notifications" ? "none" : "intent"} aria-label={badge ? label : undefined}>
                  <NavIcon name={item.icon}>{badge}</NavIcon>
                  {item.label}
                </ShellNavLink>
              </li>
            );
          })}
        </ul>
        {createPost ? (
          <ShellLink to={createPost} className="button button--primary side-nav__create">
            Create Post
          </ShellLink>
        ) : null}
      </nav>

      <div className="column">
        <header className="top-bar" ref={headerRef}>
          {back && data ? <BackButton serverTarget={data.back} /> : <span className="top-bar__spacer" />}
          <h1 className="top-bar__title">{title ?? `${campus.name} BuySell`}</h1>
          <ShellLink to="/home" className="top-bar__logo" aria-label={`${campus.name} BuySell home`}>
            <img src={`/logos/${campus.id}.svg`} alt="" width="28" height="28" />
          </ShellLink>
        </header>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
      </div>

      <nav className="bottom-nav" aria-label="Main (mobile)">
        {[...NAV.filter((n) => n !== SETTINGS && n !== SAVED), ...(data?.user?.isModerator ? [MODERATION] : [])].map((item) => {
          const { badge, label } = unreadBadge(item, data);
          return (
            <ShellNavLink key={item.to} pathname={pathname} to={item.to} aria-label={label}>
              <NavIcon name={item.icon}>{badge}</NavIcon>
            </ShellNavLink>
          );
        })}
      </nav>

      <div className="alerts">{data?.alert ? <AlertToast key={data.alert.id} alert={data.alert} /> : null}</div>
    </div>
  );
}
