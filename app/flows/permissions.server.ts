// The permission gate every write goes through before it reads a request
// body: who is asking (a visitor is sent to sign in, a pending session to
// /verify), the campus of the site the request came to, the item the action
// is about, and the rule of app/models/permissions.server.ts. The caller
// decides how a refusal is shown (an alert, the draft back, an error page).
import { campusForRequest, type Campus } from "~/models/campuses.server";
import { can, portfolioTarget, postTarget, type PermissionAction, type PermissionRefusal, type PermissionTarget } from "~/models/permissions.server";
import type { User } from "~/models/users.server";
import { requireUser } from "~/services/session.server";

/** What an action is about: a post or comment, a game or project, a person, or nothing in particular. */
export type PermissionSubject = { post: string } | { game: string } | { project: string } | { user: string } | null;

export type Gate = { user: User; campus: Campus; refusal: PermissionRefusal | null };

async function targetOf(subject: PermissionSubject, viewerId: string): Promise<PermissionTarget | null | undefined> {
  if (!subject) return undefined;
  if ("post" in subject) return postTarget(subject.post, viewerId);
  if ("game" in subject) return portfolioTarget("game", subject.game);
  if ("project" in subject) return portfolioTarget("project", subject.project);
  return { authorIds: [subject.user], campusId: null };
}

/** The signed-in user, the site's campus, and why the action is refused (null when it is allowed). */
export async function checkPermission(request: Request, action: PermissionAction, subject: PermissionSubject = null): Promise<Gate> {
  const user = await requireUser(request);
  const campus = await campusForRequest(request);
  const decision = await can(user, action, { campusId: campus.id, target: await targetOf(subject, user.id) });
  return { user, campus, refusal: decision.allowed ? null : decision.refusal };
}

/** A refusal as an error page: 404 for what is not there, 403 with the reason otherwise. */
export function refusalResponse(refusal: PermissionRefusal): Response {
  if (refusal.status === 404) return new Response("Not Found", { status: 404 });
  return new Response(refusal.message, { status: refusal.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
