import { NavLink, useRouteLoaderData } from "@remix-run/react";
import { accountNav, type ShellData } from "./app-shell";

/** The More menu (docs/product.md §2): General Info, More Stuff, Help & Feedback. */
export const MORE_SECTIONS = [
  {
    title: "General Info",
    items: [
      { to: "/more/about", label: "About Me" },
      { to: "/more/projects", label: "Projects" },
      { to: "/more/podcast", label: "Podcast" },
    ],
  },
  {
    title: "More Stuff",
    items: [
      { to: "/more/faq", label: "FAQ" },
      { to: "/more/open", label: "Open" },
      { to: "/more/rules", label: "Rules" },
    ],
  },
  {
    title: "Help & Feedback",
    items: [
      { to: "/more/help", label: "Contact Me" },
      { to: "/more/feedback", label: "Feedback" },
    ],
  },
] as const;

export function MoreMenu() {
  const data = useRouteLoaderData<ShellData>("root");
  // Settings and Log out (or Log in and Sign up): the phone's bottom navigation has no room for them.
  const account = { title: "Account", items: accountNav(data?.user, data?.pending) };
  return (
    <nav className="more-menu" aria-label="More">
      {[...MORE_SECTIONS, account].map((section) => (
        <section key={section.title}>
          <h2 className="more-menu__title">{section.title}</h2>
          <ul>
            {section.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
