import type { LoaderFunctionArgs } from "@remix-run/node";
import { authErrorCode } from "~/models/accounts.server";
import { campusForRequest } from "~/http/campus.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { clearFlowCookie, completeSignIn, finishGoogle } from "~/http/auth.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";

/** Google sends the user back here with a code and our state. */
export async function loader({ request }: LoaderFunctionArgs) {
  const clear = await clearFlowCookie(request);
  try {
    const result = await finishGoogle(request, (await campusForRequest(request)).id);
    return await completeSignIn(request, result, { headers: { "Set-Cookie": clear } });
  } catch (error) {
    const code = authErrorCode(error) === "banned" ? "banned" : "google";
    return redirectWithAlert(request, "/login", { type: "danger", message: AUTH_MESSAGES[code] }, { headers: { "Set-Cookie": clear } });
  }
}
