// A post's page, /post/{id} (docs/product.md §6): the post with the posts it
// replies to and one page of its thread, and the author's listing buttons;
// the rule each of the page's forms needs. The route answers over HTTP.
import { listingState } from "~/models/listings.server";
import { buyerChoices } from "~/models/offers.server";
import { getParentChain, getPost, getThread, type ParentChain } from "~/models/posts.server";
import type { ListingControlsView } from "~/types/views";
import { LISTING_STATUSES, STATUS_ACTIONS } from "~/utils/listings";
import { timeView } from "~/services/time.server";
import { FOUND_IT, STILL_LOOKING } from "~/utils/wanted";

const NO_CHAIN: ParentChain = { root: null, skipped: false, nearest: [] };

/**
 * What `viewerId` sees at /post/{id}: "missing" (never there, or not for
 * them), "deleted", or the post. `commentsCursor` is where the page of the
 * thread starts (keyset).
 */
export async function postPage(opts: {
  id: string;
  viewerId: string | undefined;
  timeZone: string;
  commentsCursor: string | null;
  /** Mark as sold is being confirmed: its "Who bought it?" choices are wanted (two queries otherwise not sent). */
  choosingBuyer?: boolean;
}) {
  const { viewerId, timeZone } = opts;
  // The seller card beside Message seller (on a top-level post, docs/product.md §24) and the first page of
  // comments come with the post; a later page of comments (a cursor) is read on its own.
  const found = await getPost(opts.id, timeZone, viewerId, { sellerCard: true, firstComments: !opts.commentsCursor });
  const none = { post: null, chain: NO_CHAIN, comments: [], nextComments: null, listing: null, mine: false, seller: null };
  if (found.status !== "ok") return { status: found.status, ...none };
  const post = found.post;
  const thread = found.thread ?? (await getThread({ postId: post.id }, timeZone, viewerId, opts.commentsCursor));
  // The author's own top-level post: its listing buttons (status, renew, edit).
  const mine = viewerId === post.author.id && !post.parentId && !post.gameId && !post.projectId;
  // Its listing columns came with the post: the page reads the post once.
  const state = mine ? listingState(found.listing) : null;
  const wanted = found.listing.kind === "wanted";
  const listing: ListingControlsView | null =
    state?.isListing
      ? {
          status: state.status,
          // A Wanted post: Found it (sold) or Still looking (available); no sale to record.
          moves: wanted
            ? [state.status === "sold" ? { status: "available" as const, label: STILL_LOOKING } : { status: "sold" as const, label: FOUND_IT }]
            : LISTING_STATUSES.filter((s) => s !== state.status).map((s) => ({ status: s, label: STATUS_ACTIONS[s].button })),
          wanted,
          expired: state.expired,
          renewable: state.renewable,
          nextRenew: timeView(state.nextRenewAt, timeZone),
          buyers: state.status === "sold" || wanted || !opts.choosingBuyer ? { choices: [], preselected: null } : await buyerChoices(post.id, post.author.id),
        }
      : null;
  const chain = await getParentChain(post, timeZone, viewerId);
  return { status: "ok" as const, post, chain, comments: thread.comments, nextComments: thread.nextCursor, listing, mine, seller: found.seller };
}

/** Intents of the post page and the rule each one needs beyond seeing the post (checked before the body is read). */
export const POST_PAGE_INTENTS = { like: "post.save", comment: "post.comment", report: "post.report", delete: "post.manage", status: "post.manage", renew: "post.manage" } as const;
export type PostPageIntent = keyof typeof POST_PAGE_INTENTS;
export const isPostPageIntent = (value: unknown): value is PostPageIntent => typeof value === "string" && Object.hasOwn(POST_PAGE_INTENTS, value);
