// A profile page, /{username} (docs/product.md §5): the person, their posts or
// videos and their projects or games as `viewer` sees them; Block and
// Unblock. The route answers over HTTP (Claim this account and Report too).
import { BlockError, blockUser, hasBlocked, isBlockedEitherWay, unblockUser } from "~/models/blocks.server";
import { recordEvent } from "~/models/events.server";
import { listPortfolioPage } from "~/models/portfolio.server";
import { profileReviews } from "./reviews.server";
import { getFeedPage, getVideoPage } from "~/models/posts.server";
import { avatarUrl, displayName, getProfile, isOwner, profileLinks, type User } from "~/models/users.server";
import type { readFeedFilters } from "~/utils/feed-filters";
import { USER_BLOCKED, USER_UNBLOCKED } from "~/utils/messages";
import type { profileTabOf } from "~/utils/profile-tabs";

const EMPTY_FEED = { posts: [], nextCursor: null };
const EMPTY_PORTFOLIO = { items: [], nextCursor: null };

export type ProfilePageInput = {
  username: string;
  viewer: User | null | undefined;
  campusId: string;
  timeZone: string;
  show: ReturnType<typeof profileTabOf>;
  filterForm: ReturnType<typeof readFeedFilters>;
  /** Where the posts' and the portfolio's pages start (keyset); a view of the page itself has neither. */
  cursor: string | null;
  after: string | null;
  /** Posts per page (the Grid view's is smaller); the feed's default when absent. */
  limit?: number;
  /** The page's path, for the "Profile View" event of a view of the page itself. */
  path: string;
};

/** The profile as `viewer` sees it, or NOT_FOUND for a name no one has. */
export async function profilePage(input: ProfilePageInput) {
  const { viewer, show, filterForm } = input;
  const user = await getProfile(input.username);
  if (!user) return { ok: false as const, code: "NOT_FOUND" as const };
  const feedOpts = { campusId: input.campusId, timeZone: input.timeZone, authorId: user.id, viewerId: viewer?.id, cursor: input.cursor, limit: input.limit };
  const isSelf = viewer?.id === user.id;
  const walled = viewer && !isSelf ? await isBlockedEitherWay(viewer.id, user.id) : false;
  const reviewsTab = show === "reviews";
  const reviews = await profileReviews({ userId: user.id, timeZone: input.timeZone, cursor: input.cursor, tab: reviewsTab, walled });
  if (input.cursor === null && input.after === null) await recordEvent("Profile View", { userId: viewer?.id, campusId: input.campusId, path: input.path });
  return {
    ok: true as const,
    profile: {
      id: user.id,
      username: user.username,
      displayName: displayName(user),
      avatarUrl: avatarUrl(user.img, "large"),
      verified: user.verified,
      bio: user.bio,
      /** Hidden by reports: the page stays, but it is not previewed where its link is shared. */
      hidden: user.hiddenAt !== null,
      links: profileLinks(user),
      profileSetUp: user.profileSetUp,
      totals: { posts: user.totalPosts, projects: user.totalProjects, games: user.totalGames },
      /** "4.5 · 12 reviews" in the header. */
      rating: reviews.stats,
    },
    /** The Reviews tab's page (keyset paged by `cursor`); null on the other tabs. */
    reviews: reviews.page,
    show,
    viewer: isSelf ? ("self" as const) : viewer ? ("member" as const) : ("visitor" as const),
    /** The viewer blocked this person (Unblock instead of Block). */
    blocked: viewer && !isSelf ? await hasBlocked(viewer.id, user.id) : false,
    /** Top-level posts on this campus, or (show=videos) the posts with videos. */
    // A profile keeps its author's expired listings, marked "Expired".
    // Behind a block, either way, the profile's tabs list nothing (the page stays, to unblock or report).
    feed: walled || reviewsTab ? EMPTY_FEED : show === "videos" ? await getVideoPage(feedOpts) : await getFeedPage({ ...feedOpts, filters: filterForm.filters, includeExpired: true }),
    filterForm,
    portfolio: show === "videos" || reviewsTab ? null : walled ? EMPTY_PORTFOLIO : await listPortfolioPage(show === "games" ? "game" : "project", { ownerId: user.id, cursor: input.after }),
    /** The portfolio owner's Create Post buttons, on their own profile only (docs/product.md §5). */
    createPostHref: isSelf && isOwner(user) ? `/create/post?goBack=${encodeURIComponent(`/${user.username}`)}` : null,
  };
}

/** `viewer` blocks or unblocks the person: the alert's message, or why not (INVALID: themselves). */
export async function setBlocked(viewerId: string, userId: string, block: boolean): Promise<{ ok: true; message: string } | { ok: false; code: "INVALID"; message: string }> {
  try {
    if (block) await blockUser(viewerId, userId);
    else await unblockUser(viewerId, userId);
  } catch (error) {
    if (error instanceof BlockError) return { ok: false, code: "INVALID", message: error.message };
    throw error;
  }
  return { ok: true, message: block ? USER_BLOCKED : USER_UNBLOCKED };
}
