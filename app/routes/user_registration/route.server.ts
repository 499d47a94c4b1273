import { parseWithSchema } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { getUserByEmail } from "~/models/users.server";
import { emailStepSchema, formConstraint } from "~/schemas/index.server";
import { requireVisitor } from "~/services/session.server";
import { safePath } from "~/utils/navigation";
import { readForm } from "~/services/form.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireVisitor(request);
  const url = new URL(request.url);
  return { redirectTo: safePath(url.searchParams.get("redirect"), ""), email: url.searchParams.get("email") ?? "", constraint: formConstraint(emailStepSchema) };
}

/** The email step (docs/product.md §3): a known address goes to log in, a new one to sign up. */
export async function action({ request }: ActionFunctionArgs) {
  await requireVisitor(request);
  const submission = parseWithSchema(await readForm(request), emailStepSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { email } = submission.value;
  const redirectTo = safePath(submission.value.redirect, "");
  const params = new URLSearchParams({ email });
  if (redirectTo) params.set("redirect", redirectTo);
  return redirect(`${await getUserByEmail(email) ? "/login" : "/register"}?${params}`);
}
