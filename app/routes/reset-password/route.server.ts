import { parseWithSchema } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { resetPassword } from "~/models/accounts.server";
import { getUserById } from "~/models/users.server";
import { checkToken, consumeToken } from "~/models/verifications.server";
import { formConstraint, resetPasswordSchema } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { readForm } from "~/services/form.server";

const expired = (request: Request) => redirectWithAlert(request, "/forgotpassword", { type: "danger", message: AUTH_MESSAGES["link-invalid"] });

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const checked = await checkToken("reset", token);
  if (!checked.ok) return expired(request);
  return { token, email: checked.row.target, constraint: formConstraint(resetPasswordSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithSchema(await readForm(request), resetPasswordSchema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["newPassword", "confirmPassword"] }), { status: 400 });
  const used = await consumeToken("reset", submission.value.token);
  const user = used.ok && used.row.userId ? await getUserById(used.row.userId) : undefined;
  if (!used.ok || !user || user.email !== used.row.target) return expired(request);
  // Also ends every session: whoever knew the old password (or registered the address) is out.
  await resetPassword(user.id, submission.value.newPassword!);
  const params = new URLSearchParams({ method: "password", email: user.email });
  return redirectWithAlert(request, `/login?${params}`, { type: "success", message: "Your password has been reset. Log in with your new password." });
}
