import { parseWithSchema } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { AuthError, changeUsername } from "~/models/accounts.server";
import { formConstraint, usernameSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { requireUser } from "~/services/session.server";
import { checkPermission } from "~/http/permissions.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { readForm } from "~/services/form.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { username: user.username, constraint: formConstraint(usernameSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, refusal } = await checkPermission(request, "account.change");
  const submission = parseWithSchema(await readForm(request), usernameSchema);
  // Suspended: the reason, and the draft back.
  if (refusal) return data(submission.reply({ formErrors: [refusal.message] }), { status: refusal.status });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (submission.value.username === user.username) return redirect("/settings/account");
  try {
    await changeUsername(user.id, submission.value.username);
  } catch (error) {
    if (error instanceof AuthError && error.code === "username-taken") {
      return data(submission.reply({ fieldErrors: { username: [AUTH_MESSAGES["username-taken"]] } }), { status: 409 });
    }
    throw error;
  }
  return redirectWithAlert(request, "/settings/account", { type: "success", message: AUTH_MESSAGES["account-updated"] });
}
