import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { forgotPasswordSchema, formConstraint } from "~/schemas/index.server";
import { readForm } from "~/services/form.server";
import { siteOrigin } from "~/services/urls.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { parseWithSchema } from "~/utils/form";
import { requestPasswordReset } from "~/flows/auth.server";

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { sent: url.searchParams.get("sent") === "1", email: url.searchParams.get("email") ?? "", constraint: formConstraint(forgotPasswordSchema) };
}

/** The reset link by email; a refusal is an inline message, not a browser alert, so it also works without JS. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithSchema(await readForm(request), forgotPasswordSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const sent = await requestPasswordReset({ email: submission.value.email, clientIp: context.clientIp, origin: siteOrigin(request) });
  if (!sent.ok) {
    const status = sent.code === "reset-user-not-found" ? 404 : sent.code === "banned" ? 403 : 429;
    return data(submission.reply({ formErrors: [AUTH_MESSAGES[sent.code]] }), { status });
  }
  return redirect("/forgotpassword?sent=1");
}
