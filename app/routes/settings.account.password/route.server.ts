import { parseWithSchema } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { changePassword, hasPassword } from "~/models/accounts.server";
import { changePasswordSchema, formConstraint, setPasswordSchema, type PasswordPair } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { endOtherSessions, requireUser } from "~/services/session.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { refuseWrongCurrentPassword } from "~/http/current-password.server";
import { readForm } from "~/services/form.server";

const HIDE = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const current = await hasPassword(user.id);
  return { hasPassword: current, email: user.email, constraint: formConstraint(current ? changePasswordSchema : setPasswordSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const current = await hasPassword(user.id);
  const submission = parseWithSchema(await readForm(request), current ? changePasswordSchema : setPasswordSchema);
  if (submission.status !== "success") return data(submission.reply(HIDE), { status: 400 });
  const value: PasswordPair = submission.value;
  const refused = await refuseWrongCurrentPassword(submission, HIDE.hideFields, () => changePassword(user.id, value.currentPassword ?? "", value.newPassword!));
  if (refused) return refused;
  // Anyone signed in elsewhere with the old password is signed out.
  await endOtherSessions(user.id, request);
  return redirectWithAlert(request, "/settings/account", { type: "success", message: AUTH_MESSAGES["account-updated"] });
}
