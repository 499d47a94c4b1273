import type { LoaderFunctionArgs } from "@remix-run/node";
import { applyEmailChange, authErrorCode } from "~/models/accounts.server";
import { sendEmailChangedNotice } from "~/models/auth-mail.server";
import { getUserById } from "~/models/users.server";
import { consumeToken } from "~/models/verifications.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { currentSessionId, endSessionsExcept, getUserId } from "~/services/session.server";
import { absoluteUrl } from "~/services/urls.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";

/**
 * The link sent to a new address: it becomes the account's email, the old
 * address is told, and every other session of the account ends (the one that
 * asked for the change, and this one if it is the account's, stay).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await getUserId(request);
  const done = signedIn ? "/settings/account" : "/login";
  const used = await consumeToken("change-email", new URL(request.url).searchParams.get("token"));
  const before = used.ok && used.row.userId ? await getUserById(used.row.userId) : undefined;
  if (!used.ok || !before) return redirectWithAlert(request, done, { type: "danger", message: AUTH_MESSAGES["link-invalid"] });
  try {
    const user = await applyEmailChange(before.id, used.row.target);
    await endSessionsExcept(user.id, [used.row.payload?.session, await currentSessionId(request)]);
    if (before.email !== user.email) {
      await sendEmailChangedNotice(before.email, { newEmail: user.email, helpUrl: absoluteUrl(request, "/settings/help") });
    }
  } catch (error) {
    const code = authErrorCode(error);
    return redirectWithAlert(request, done, { type: "danger", message: AUTH_MESSAGES[code === "other" ? "link-invalid" : code] });
  }
  return redirectWithAlert(request, done, { type: "success", message: AUTH_MESSAGES["account-updated"] });
}
