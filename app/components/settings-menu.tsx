import { useLocation } from "@remix-run/react";
import { useOptionalUser } from "~/utils/user";
import { SpaNavLink, useIntentPrefetch } from "./spa-link";

/** The settings navigation (docs/product.md §2): a list on small screens, beside the panel above 1000 px. */
export function SettingsMenu() {
  const user = useOptionalUser();
  const { pathname } = useLocation();
  const intent = useIntentPrefetch();
  const items = [
    { to: "/settings/account", label: "Your account", hint: "Username, password, email" },
    ...(user ? [{ to: "/settings/saved-searches", label: "Saved searches", hint: "Alerts for new listings" }] : []),
    ...(user ? [{ to: "/settings/blocked", label: "Blocked people", hint: "People you blocked" }] : []),
    ...(user ? [{ to: "/settings/push", label: "Push notifications", hint: "On this device" }] : []),
    { to: "/settings/help", label: "Contact Me", hint: "Help with your account" },
    user ? { to: "/logout", label: "Log out", hint: `@${user.username}` } : { to: "/login", label: "Log in", hint: "Or create an account" },
  ];
  return (
    <nav aria-label="Settings" {...intent.handlers}>
      <ul className="settings-menu">
        {items.map((item) => (
          <li key={item.to}>
            <SpaNavLink to={item.to} pathname={pathname} data-prefetch="">
              <span>{item.label}</span>
              <small>{item.hint}</small>
            </SpaNavLink>
          </li>
        ))}
      </ul>
      {intent.prefetch}
    </nav>
  );
}
