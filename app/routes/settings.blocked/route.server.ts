import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listBlocked, unblockUser } from "~/models/blocks.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { readForm } from "~/services/form.server";
import { requireUserId } from "~/services/session.server";
import { USER_UNBLOCKED } from "~/utils/messages";

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  return { blocked: await listBlocked(userId) };
}

/** Unblock: only a block the signed-in user made. */
export async function action({ request }: ActionFunctionArgs) {
  const userId = await requireUserId(request);
  const form = await readForm(request);
  const blockedId = String(form.get("userId") ?? "");
  if (form.get("intent") !== "unblock" || !blockedId) throw new Response("Bad Request", { status: 400 });
  await unblockUser(userId, blockedId);
  return redirectWithAlert(request, "/settings/blocked", { type: "success", message: USER_UNBLOCKED });
}
