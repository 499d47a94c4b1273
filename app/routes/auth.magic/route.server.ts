import { parseWithSchema } from "~/utils/form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { authErrorCode } from "~/models/accounts.server";
import { getVerification } from "~/models/verifications.server";
import { confirmEmailSchema, formConstraint } from "~/schemas/index.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { askedForMagicLink, authenticateMagicLink, clearFlowCookie, completeSignIn } from "~/http/auth.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { readForm } from "~/services/form.server";

/** A failed link goes back to /login?redirect=true (or /register?redirect=true when it was registering; docs/product.md §3). */
async function fail(request: Request, id: string | null, code: "wrong-email" | "banned" = "wrong-email") {
  const row = id ? await getVerification("magic-link", id) : undefined;
  const to = row?.payload?.first ? "/register?redirect=true" : "/login?redirect=true";
  return redirectWithAlert(request, to, { type: "danger", message: AUTH_MESSAGES[code] });
}

async function complete(request: Request, token: string, id: string | null) {
  try {
    const result = await authenticateMagicLink(request, token);
    return await completeSignIn(request, result, { headers: { "Set-Cookie": await clearFlowCookie(request) } });
  } catch (error) {
    return fail(request, id, authErrorCode(error) === "banned" ? "banned" : "wrong-email");
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const id = url.searchParams.get("id");
  const row = id ? await getVerification("magic-link", id) : undefined;
  if (!token || !row || row.usedAt || row.expiresAt <= Date.now()) return fail(request, id);
  // Opened in the browser that asked for it: sign in. Elsewhere: ask for the email first.
  if (await askedForMagicLink(request, id)) return complete(request, token, id);
  return { token, id: id ?? "", constraint: formConstraint(confirmEmailSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const token = String(formData.get("token") ?? "");
  const id = String(formData.get("id") ?? "") || null;
  const submission = parseWithSchema(formData, confirmEmailSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const row = id ? await getVerification("magic-link", id) : undefined;
  if (!token || !row || row.target !== submission.value.email) return fail(request, id);
  return complete(request, token, id);
}
