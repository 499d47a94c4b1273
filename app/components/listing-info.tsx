import type { PostCardView, TimeView } from "~/types/views";
import { FOUND_BADGE, WANTED_BADGE } from "~/utils/wanted";
import { timeLine } from "~/utils/time-line";

const STATUS_BADGE = { pending: "Pending", sold: "Sold" } as const;

/**
 * A listing's price, status and condition on a card: "$60 OBO", "Free"; a
 * sold listing's price struck through beside a Sold badge, Pending, Expired.
 */
export function ListingLine({ post }: { post: Pick<PostCardView, "price" | "status" | "condition" | "expired" | "wanted"> }) {
  if (post.wanted) return <WantedLine wanted={post.wanted} status={post.status} expired={post.expired} />;
  const badge = post.price !== null && post.status !== "available" ? STATUS_BADGE[post.status] : null;
  if (post.price === null && !post.condition) return null;
  return (
    <p className="listing-line" data-testid="listing">
      {post.price !== null ? (
        post.status === "sold" ? (
          <s className="listing-line__price" data-testid="price">
            {post.price}
          </s>
        ) : (
          <strong className="listing-line__price" data-testid="price">
            {post.price}
          </strong>
        )
      ) : null}
      {badge ? <span className={`status-badge status-badge--${post.status}`}>{badge}</span> : null}
      {post.expired && post.status !== "sold" ? <span className="status-badge status-badge--expired">Expired</span> : null}
      {post.condition ? <span className="chip">{post.condition}</span> : null}
    </p>
  );
}

/** A Wanted post's line (docs/product.md §7): the Wanted badge, its budget ("Up to $40"), Found or Expired. */
function WantedLine({ wanted, status, expired }: { wanted: NonNullable<PostCardView["wanted"]>; status: PostCardView["status"]; expired: boolean }) {
  return (
    <p className="listing-line" data-testid="wanted">
      <span className="status-badge status-badge--wanted">{WANTED_BADGE}</span>
      {wanted.budget ? <strong className="listing-line__price">{wanted.budget}</strong> : null}
      {status === "sold" ? <span className="status-badge status-badge--sold">{FOUND_BADGE}</span> : null}
      {expired && status !== "sold" ? <span className="status-badge status-badge--expired">Expired</span> : null}
    </p>
  );
}

/** The post page's extra lines: where to meet, and when the author last edited it. */
export function ListingDetails({ pickupSpot, edited }: { pickupSpot: string | null; edited: TimeView | null }) {
  if (!pickupSpot && !edited) return null;
  return (
    <dl className="listing-details">
      {pickupSpot ? (
        <div>
          <dt>Pickup spot</dt>
          <dd>{pickupSpot}</dd>
        </div>
      ) : null}
      {edited ? (
        <div>
          <dt>Edited</dt>
          <dd>
            <time dateTime={edited.iso} suppressHydrationWarning>
              {timeLine(edited)}
            </time>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
