// A feed card's view for component tests: a listing by Riley, $20, posted a day ago.
import type { PostCardView } from "~/types/views";

export const cardAuthor = { id: "u-riley", username: "riley-ou", displayName: "Riley S.", firstName: "Riley", avatarUrl: null, verified: true };

export function cardView(id: string, extra: Partial<PostCardView & { saved: boolean }> = {}): PostCardView & { saved: boolean } {
  return {
    id,
    text: [{ text: `Desk lamp ${id}` }],
    category: "furniture",
    categoryLabel: "Furniture",
    author: cardAuthor,
    time: { iso: "2026-01-01T00:00:00.000Z", ago: "1 day ago", clock: "9:00 AM", date: "Jan 1st" },
    price: "$20",
    status: "available",
    condition: null,
    pickupSpot: null,
    expired: false,
    edited: null,
    likeCount: 1,
    commentCount: 2,
    media: [],
    saved: false,
    hidden: false,
    ...extra,
  };
}
