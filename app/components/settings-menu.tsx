import { NavLink } from "@remix-run/react";
import { useOptionalUser } from "~/utils/user";

/** The settings navigation (docs/product.md §2): a list on small screens, beside the panel above 1000 px. */
export function SettingsMenu() {
  const user = useOptionalUser();
  const items = [
    { to: "/settings/account", label: "Your account", hint: "Username, password, email" },
    ...(user ? [{ to: "/settings/saved-searches", label: "Saved searches", hint: "Alerts for new listings" }] : []),
    ...(user ? [{ to: "/settings/blocked", label: "Blocked people", hint: "People you blocked" }] : []),
    ...(user ? [{ to: "/settings/push", label: "Push notifications", hint: "On this device" }] : []),
    { to: "/settings/help", label: "Contact Me", hint: "Help with your account" },
    user ? { to: "/logout", label: "Log out", hint: `@${user.username}` } : { to: "/login", label: "Log in", hint: "Or create an account" },
  ];
  return (
    <nav aria-label="Settings">
      <ul className="settings-menu">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} prefetch="intent">
              <span>{item.label}</span>
              <small>{item.hint}</small>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
