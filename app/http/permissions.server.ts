// The permission gate every write goes through before it reads a request
// body: who is asking (a visitor is sent to sign in, a pending session to
// /verify), the campus of the site the request came to, the item the action
// is about, and the rule of app/models/permissions.server.ts. The caller
// decides how a refusal is shown (an alert, the draft back, an error page).
import { decide, type PermissionSubject } from "~/flows/permissions.server";
import { campusForRequest } from "~/http/campus.server";
import { type Campus } from "~/models/campuses.server";
import type { PermissionAction, PermissionRefusal } from "~/models/permissions.server";
import type { User } from "~/models/users.server";
import { requireUser } from "~/services/session.server";

export type { PermissionSubject } from "~/flows/permissions.server";

export type Gate = { user: User; campus: Campus; refusal: PermissionRefusal | null };

/** The signed-in user, the site's campus, and why the action is refused (null when it is allowed). */
export async function checkPermission(request: Request, action: PermissionAction, subject: PermissionSubject = null): Promise<Gate> {
  const user = await requireUser(request);
  const campus = await campusForRequest(request);
  return { user, campus, refusal: await decide(user, action, campus.id, subject) };
}

/** A refusal as an error page: 404 for what is not there, 403 with the reason otherwise. */
export function refusalResponse(refusal: PermissionRefusal): Response {
  if (refusal.status === 404) return new Response("Not Found", { status: 404 });
  return new Response(refusal.message, { status: refusal.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
