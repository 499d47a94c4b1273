import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/auth";
import type { RouteHandle } from "~/utils/route-handle";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Log Out" };

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
