// The rule of app/models/permissions.server.ts applied to what an action is
// about, named by id: the route's gate (app/http/permissions.server.ts) and
// tests call it with plain values.
import { can, portfolioTarget, postTarget, type PermissionAction, type PermissionRefusal, type PermissionTarget } from "~/models/permissions.server";
import { saleParty } from "~/models/reviews.server";
import type { User } from "~/models/users.server";

/** What an action is about: a post or comment, a game or project, a person, a sale, or nothing in particular. */
export type PermissionSubject = { post: string } | { game: string } | { project: string } | { user: string } | { sale: string } | null;

async function targetOf(subject: PermissionSubject, viewerId: string): Promise<PermissionTarget | null | undefined> {
  if (!subject) return undefined;
  if ("post" in subject) return postTarget(subject.post, viewerId);
  if ("game" in subject) return portfolioTarget("game", subject.game);
  if ("project" in subject) return portfolioTarget("project", subject.project);
  if ("sale" in subject) {
    // Only the two people of the sale: for anyone else it is not there.
    const party = await saleParty(subject.sale, viewerId);
    return party ? { authorIds: [party.otherId], campusId: party.campusId } : null;
  }
  return { authorIds: [subject.user], campusId: null };
}

/** Why `user` may not do `action` on `subject` on campus `campusId`, or null when it is allowed. */
export async function decide(user: User, action: PermissionAction, campusId: string, subject: PermissionSubject = null): Promise<PermissionRefusal | null> {
  const decision = await can(user, action, { campusId, target: await targetOf(subject, user.id) });
  return decision.allowed ? null : decision.refusal;
}
