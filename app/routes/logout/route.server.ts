import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { destroySessionCookie, requireSessionUser } from "~/services/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // A pending session (email not verified yet) may sign out too.
  await requireSessionUser(request);
  return null;
}

/** Logging out ends the server session (its row goes), not just the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  return redirect("/home", { headers: { "Set-Cookie": await destroySessionCookie(request) } });
}
