// /register: an account with a password; the session stays pending until the email is verified.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { authErrorCode, registerWithPassword, sendSignupVerification } from "~/models/accounts.server";
import { campusForRequest } from "~/http/campus.server";
import { formConstraint, registerSchema } from "~/schemas/index.server";
import { readForm } from "~/services/form.server";
import { consume } from "~/services/rate-limit.server";
import { createSessionCookie, requireVisitor, verifyRedirectUrl } from "~/services/session.server";
import { siteOrigin } from "~/services/urls.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { parseWithSchema } from "~/utils/form";
import { safePath } from "~/utils/navigation";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireVisitor(request);
  const url = new URL(request.url);
  return { email: url.searchParams.get("email") ?? "", redirectTo: safePath(url.searchParams.get("redirect"), ""), constraint: formConstraint(registerSchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireVisitor(request);
  const submission = parseWithSchema(await readForm(request), registerSchema);
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const reply = (code: keyof typeof AUTH_MESSAGES, status: number) => {
    const message = AUTH_MESSAGES[code];
    const onEmail = code === "email-in-use" || code === "banned";
    return data(
      submission.reply({ ...(onEmail ? { fieldErrors: { email: [message] } } : { formErrors: [message] }), hideFields: ["password"] }),
      { status },
    );
  };
  if (!(await consume("signupIp", context.clientIp || "unknown")).ok) return reply("ip-flood", 429);

  const { email, name, password, redirect: redirectTo } = submission.value;
  try {
    const user = await registerWithPassword({ email, fullName: name, password, campusId: (await campusForRequest(request)).id });
    await sendSignupVerification(siteOrigin(request), user, redirectTo);
    // A pending session: it can open /verify and sign out, nothing more until the email is verified.
    return redirect(verifyRedirectUrl(safePath(redirectTo, "/home")), {
      headers: { "Set-Cookie": await createSessionCookie(request, user.id) },
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "other") console.error(error);
    return reply(code === "email-in-use" || code === "banned" ? code : "other", code === "other" ? 500 : 400);
  }
}
