import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { campusForRequest } from "~/http/campus.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { startGoogle } from "~/http/auth.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { safePath } from "~/utils/navigation";
import { readForm } from "~/services/form.server";

export function loader() {
  return redirect("/login");
}

/** Continue with Google: off to Google (or its local stand-in) with a fresh state. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const returnTo = safePath(form.get("redirect"), "");
  try {
    return await startGoogle(request, (await campusForRequest(request)).id, returnTo || null);
  } catch {
    return redirectWithAlert(request, "/login", { type: "danger", message: AUTH_MESSAGES.google });
  }
}
