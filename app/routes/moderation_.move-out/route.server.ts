// /moderation/move-out: the owner sets each campus's move-out weeks. Anyone
// else, visitors included, gets the not-found page, for the page and its posts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { campusForRequest } from "~/http/campus.server";
import { CAMPUSES } from "~/models/campuses.server";
import { addMoveOutWeek, listMoveOutWeeks, removeMoveOutWeek } from "~/models/move-out.server";
import { can } from "~/models/permissions.server";
import { redirectWithAlert } from "~/services/alerts.server";
import { readForm } from "~/services/form.server";
import { getOptionalUser } from "~/services/session.server";

async function requireOwner(request: Request): Promise<void> {
  const user = await getOptionalUser(request);
  if (!user) throw new Response("Not Found", { status: 404 });
  const campus = await campusForRequest(request);
  if (!(await can(user, "moderation.move-out", { campusId: campus.id })).allowed) throw new Response("Not Found", { status: 404 });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const campuses = await Promise.all(CAMPUSES.map(async (c) => ({ id: c.id, name: c.name, weeks: await listMoveOutWeeks(c.id) })));
  return data({ campuses }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireOwner(request);
  const form = await readForm(request);
  const campusId = String(form.get("campus") ?? "");
  if (!CAMPUSES.some((c) => c.id === campusId)) throw new Response("Bad Request", { status: 400 });
  if (form.get("intent") === "remove") {
    await removeMoveOutWeek(campusId, String(form.get("id") ?? ""));
    return redirectWithAlert(request, "/moderation/move-out", { type: "okay", message: "Move-out weeks removed." });
  }
  const added = await addMoveOutWeek(campusId, String(form.get("startsOn") ?? ""), String(form.get("endsOn") ?? ""));
  return redirectWithAlert(request, "/moderation/move-out", added.ok ? { type: "okay", message: "Move-out weeks added." } : { type: "danger", message: added.error });
}
