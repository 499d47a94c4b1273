import { Link, useLoaderData } from "@remix-run/react";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export const handle: RouteHandle = { title: "Account settings" };

export default function AccountSettings() {
  const account = useLoaderData<typeof loader>();
  const rows = [
    { label: "Username", value: `@${account.username}`, to: "/settings/account/screen_name" },
    { label: "Password", value: account.hasPassword ? "••••••••" : "Not set", to: "/settings/account/password" },
    { label: "Email", value: account.email, to: "/settings/account/email" },
  ];
  return (
    <section className="panel" aria-labelledby="account-title">
      <h2 id="account-title" className="panel__title">
        Your account
      </h2>
      <ul className="settings-menu">
        {rows.map((row) => (
          <li key={row.label}>
            <Link to={row.to}>
              <span>{row.label}</span>
              <small>{row.value}</small>
            </Link>
          </li>
        ))}
      </ul>
      <dl className="account-facts">
        <div>
          <dt>Account created</dt>
          <dd>
            <time dateTime={account.createdIso}>{account.created}</time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
