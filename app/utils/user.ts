import { useRouteLoaderData } from "@remix-run/react";

/** What every page knows about the signed-in user (the root loader's `user`). */
export type SessionUser = {
  id: string;
  username: string;
  firstName: string;
  displayName: string;
  avatarUrl: string | null;
  verified: boolean;
  /** A student of this site's campus: may post, comment and save here (docs/product.md §4). */
  schoolVerified: boolean;
  profileSetUp: boolean;
  /** The portfolio owner (the account the seed created, by id): the one account with Create Post on its profile. */
  isOwner: boolean;
  /** Reviews reports at /moderation (the owner and the moderators the owner named). */
  isModerator: boolean;
  /** Suspended: why and until when ("Your account is suspended until …: …"); null otherwise. */
  suspension: string | null;
};

/** The signed-in user, or null for a visitor. */
export function useOptionalUser(): SessionUser | null {
  const data = useRouteLoaderData<{ user: SessionUser | null }>("root");
  return data?.user ?? null;
}

/** The signed-in user; only for routes whose loader requires one. */
export function useUser(): SessionUser {
  const user = useOptionalUser();
  if (!user) {
    throw new Error("useUser() needs a signed-in user: require one in the route's loader (requireUserId).");
  }
  return user;
}
