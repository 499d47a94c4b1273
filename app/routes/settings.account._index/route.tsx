import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { format } from "date-fns";
import { TZDate } from "@date-fns/tz";
import { hasPassword } from "~/models/accounts.server";
import { getCampus } from "~/models/campuses.server";
import { requireUser } from "~/services/session.server";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { title: "Account settings" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const timeZone = (await getCampus(user.campusId))?.timeZone ?? "America/Chicago";
  return {
    username: user.username,
    email: user.email,
    verified: user.verified,
    hasPassword: await hasPassword(user.id),
    created: format(new TZDate(user.createdAt, timeZone), "MMMM d, yyyy"),
    createdIso: new Date(user.createdAt).toISOString(),
  };
}

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
