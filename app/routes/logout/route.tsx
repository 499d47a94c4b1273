import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import { destroySessionCookie, requireSessionUser } from "~/services/session.server";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { title: "Log Out" };

export async function loader({ request }: LoaderFunctionArgs) {
  // A pending session (email not verified yet) may sign out too.
  await requireSessionUser(request);
  return null;
}

/** Logging out ends the server session (its row goes), not just the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  return redirect("/home", { headers: { "Set-Cookie": await destroySessionCookie(request) } });
}

export default function Logout() {
  return (
    <section className="panel auth stack" aria-labelledby="logout-title">
      <h2 id="logout-title" className="panel__title">
        Log Out
      </h2>
      <p>Are you sure you want to logout?</p>
      <Form method="post" className="button-row">
        <SubmitButton className="button button--primary" busyLabel="Logging out...">
          Log out
        </SubmitButton>
        <Link to="/home" className="button">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
