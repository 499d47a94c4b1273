import type { LoaderFunctionArgs } from "@remix-run/node";
import { applyEmailChange, authErrorCode } from "~/models/accounts.server";
import { sendEmailChangedNotice } from "~/models/auth-mail.server";
import { getUserById } from "~/models/users.server";
import { consumeToken } from "~/models/verifications.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { getUserId } from "~/services/session.server";
import { absoluteUrl } from "~/services/urls.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";

/** The link sent to a new address: it becomes the account's email (and the old one is told). */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await getUserId(request);
  const done = signedIn ? "/settings/account" : "/login";
  const used = await consumeToken("change-email", new URL(request.url).searchParams.get("token"));
  const before = used.ok && used.row.userId ? await getUserById(used.row.userId) : undefined;
  if (!used.ok || !before) return redirectWithAlert(done, { type: "danger", message: AUTH_MESSAGES["link-invalid"] });
  try {
    const user = await applyEmailChange(before.id, used.row.target);
    if (before.email !== user.email) {
      await sendEmailChangedNotice(before.email, { newEmail: user.email, helpUrl: absoluteUrl(request, "/settings/help") });
    }
  } catch (error) {
    const code = authErrorCode(error);
    return redirectWithAlert(done, { type: "danger", message: AUTH_MESSAGES[code === "other" ? "link-invalid" : code] });
  }
  return redirectWithAlert(done, { type: "success", message: AUTH_MESSAGES["account-updated"] });
}
