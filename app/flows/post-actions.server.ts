// The actions a post or comment answers to, wherever its buttons are shown
// (feed, post page, profile), once the permission rule allowed them: save,
// delete, listing status, renew. Saving is the same for games and projects.
// Each returns what happened, or why not; the routes answer over HTTP
// (app/http/post-actions.server.ts).
import type { LikeTarget } from "~/models/likes.server";
import { LikeError, toggleLike } from "~/models/likes.server";
import { recordEvent } from "~/models/events.server";
import { getListingRow, renewListing, setListingStatus } from "~/models/listings.server";
import { releaseAcceptedOffers, salePrice } from "~/models/offers.server";
import { buyerConversation, recordSale, SaleError, undoRecentSale } from "~/models/sales.server";
import { deletePost, PostError } from "~/models/posts.server";
import { LISTING_RENEWED, LISTING_STATUSES, STATUS_ACTIONS, type ListingStatus } from "~/utils/listings";
import { SOMEONE_ELSE_VALUE } from "~/utils/offers";
import { WANTED_STATUS_DONE } from "~/utils/wanted";
import type { User } from "~/models/users.server";
import { consume } from "~/services/rate-limit.server";

export const SAVED_MESSAGE: Record<LikeTarget, string> = { post: "Post saved.", game: "Game saved.", project: "project saved." };

export const TOO_MANY_SAVES = "You're saving too fast. Please wait a minute and try again.";

/** Why an action on a post was refused: the item is not there, not theirs, the form is wrong, or a rule of the listing said no (`message`). */
export type PostActionRefusal = { ok: false; code: "NOT_FOUND" | "FORBIDDEN" | "BAD_REQUEST" | "REFUSED" | "TOO_MANY"; status: number; message: string };

export type SaveResult = { ok: true; saved: boolean; count: number } | PostActionRefusal;

/** Save / unsave a post, game or project; a few a second at most. */
export async function toggleSave(user: Pick<User, "id">, id: string, type: LikeTarget, origin: string): Promise<SaveResult> {
  if (!(await consume("savesPerUser", user.id)).ok) return { ok: false, code: "TOO_MANY", status: 429, message: TOO_MANY_SAVES };
  try {
    return { ok: true, ...(await toggleLike({ userId: user.id, type, id, origin })) };
  } catch (error) {
    if (error instanceof LikeError) return { ok: false, code: "NOT_FOUND", status: 404, message: "Not Found" };
    throw error;
  }
}

/** A post's error as a refusal: 403 and 404 whatever it said, the rest with its message. */
function refusalOf(error: unknown): PostActionRefusal {
  if (error instanceof PostError && error.status === 403) return { ok: false, code: "FORBIDDEN", status: 403, message: "Forbidden" };
  if (error instanceof PostError && error.status === 404) return { ok: false, code: "NOT_FOUND", status: 404, message: "Not Found" };
  if (error instanceof PostError) return { ok: false, code: "REFUSED", status: error.status, message: error.message };
  throw error;
}

/** Delete a post or comment, the author only: the alert's message. */
export async function deleteOwnPost(userId: string, postId: string): Promise<{ ok: true; message: string } | PostActionRefusal> {
  try {
    const { wasComment, campusId } = await deletePost(postId, userId);
    if (!wasComment) await recordEvent("Delete Post", { userId, campusId });
    return { ok: true, message: wasComment ? "Comment Removed" : "Your post was deleted" };
  } catch (error) {
    if (error instanceof PostError) return refusalOf(error);
    return { ok: false, code: "REFUSED", status: 500, message: "Something went wrong" };
  }
}

/** "Choose someone who messaged you about it.": a buyer who never wrote about the listing. */
const NOT_A_BUYER = "Choose someone who messaged you about it.";

/**
 * Mark as pending / sold / available (the post page's buttons): the author
 * only. Sold to `buyerId` (someone who messaged about it) records the sale at
 * their accepted offer or the asking price; "Someone else" or none records
 * nothing. Available again undoes a sale of the last 48 hours and releases
 * the accepted offer that reserved it.
 */
export async function changeListingStatus(userId: string, postId: string, status: string, buyerId: string | null = null): Promise<{ ok: true; message: string } | PostActionRefusal> {
  if (!(LISTING_STATUSES as readonly string[]).includes(status)) return { ok: false, code: "BAD_REQUEST", status: 400, message: "Bad Request" };
  const buyer = status === "sold" && buyerId && buyerId !== SOMEONE_ELSE_VALUE ? buyerId : null;
  const before = await getListingRow(postId);
  // Someone else's listing is refused as it always was (setListingStatus); a buyer is checked before anything changes.
  if (buyer && before?.authorId === userId && (buyer === userId || !(await buyerConversation(postId, buyer)))) {
    return { ok: false, code: "REFUSED", status: 400, message: NOT_A_BUYER };
  }
  try {
    await setListingStatus({ postId, userId, status: status as ListingStatus });
  } catch (error) {
    return refusalOf(error);
  }
  // Sold again while sold records nothing new.
  // A Wanted post found records no sale.
  if (buyer && before?.status !== "sold" && before?.kind !== "wanted") {
    const row = before;
    try {
      await recordSale({ postId, sellerId: userId, buyerId: buyer, priceCents: await salePrice(postId, buyer, row?.priceCents ?? 0) });
    } catch (error) {
      if (error instanceof SaleError) return { ok: false, code: "REFUSED", status: error.status, message: error.message };
      throw error;
    }
  }
  if (status === "available") {
    await undoRecentSale(postId);
    await releaseAcceptedOffers(postId);
  }
  if (before?.kind === "wanted") return { ok: true, message: WANTED_STATUS_DONE[status as ListingStatus] };
  return { ok: true, message: STATUS_ACTIONS[status as ListingStatus].done };
}

/** Renew: back to the top of the feed, the author only, once every 48 hours. */
export async function renewOwnListing(userId: string, postId: string): Promise<{ ok: true; message: string } | PostActionRefusal> {
  try {
    await renewListing({ postId, userId });
  } catch (error) {
    return refusalOf(error);
  }
  return { ok: true, message: LISTING_RENEWED };
}
