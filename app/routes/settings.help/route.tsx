import { Link, useLoaderData } from "@remix-run/react";
import type { RouteHandle } from "~/utils/route-handle";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export const handle: RouteHandle = { title: "Contact Me" };

export default function SettingsHelp() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <article className="panel">
      <h2 className="panel__title">Contact Me</h2>
      <p>
        Need help with your account, a listing or anything else? Email <a href={`mailto:${email}`}>{email}</a>.
      </p>
      <p>
        Or send a message from the <Link to="/more/help">contact form</Link>.
      </p>
    </article>
  );
}
