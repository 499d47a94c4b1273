// The feed's Grid view: listings as photo tiles, as marketplaces open on a
// phone (docs/product.md §9). Server-rendered markup and CSS only: a tile is
// one plain link, and its box has a fixed shape, so nothing moves as photos arrive.
import { memo } from "react";
import type { MediaView, PostCardView } from "~/types/views";
import { FEED_IMAGE_MAX_WIDTH } from "~/utils/image-sizes";
import { HydrateInTurn } from "./hydrate-in-turn";
import { ListingLine } from "./listing-info";
import { PostCard } from "./post-card";
import { srcSetWhere } from "./post-media";
import { SpaLink } from "./spa-link";

/** Tiles this near the top load at once: they are the first screen on a phone (2 rows of 2). */
const EAGER_TILES = 4;
/**
 * The tile's drawn width: half a phone's width, a third of the feed's column
 * on wider screens (at most 200 px, so a 1x screen takes the 200 px thumbnail).
 */
const TILE_SIZES = "(max-width: 769px) 50vw, 200px";

/** A category's stand-in when the listing has no photo (by the category's value; a tag for the rest). */
const CATEGORY_ICONS: Record<string, string> = {
  "audio & speakers": "🔊",
  "auto parts & accessories": "🔧",
  "books movies & music": "📚",
  "clothing, shoes, & accessories": "👕",
  "cars & trucks": "🚗",
  "cameras & photography": "📷",
  "cell phones & accessories": "📱",
  "computers & accessories": "💻",
  exercise: "🏋",
  furniture: "🛋",
  "housing & apartments": "🏠",
  "kitchen & dining": "🍳",
  "musical instruments": "🎸",
  "school supplies": "✏",
  textbooks: "📖",
  "sports & outdoors": "⚽",
  tickets: "🎟",
  "video games & consoles": "🎮",
};

/** The tile's picture: the first photo, else a video's poster, else the category's icon. */
function TilePicture({ media, category, eager }: { media: MediaView | undefined; category: string | null; eager: boolean }) {
  const loading = eager ? "eager" : "lazy";
  if (media?.kind === "image") {
    return <img loading={loading} decoding="async" sizes={TILE_SIZES} width={200} height={200} alt={media.alt} srcSet={srcSetWhere(media, (w) => w <= FEED_IMAGE_MAX_WIDTH)} src={media.src} />;
  }
  // A video still processing is its author's alone: the icon stands in for it here.
  const poster = media?.video && !media.video.processing ? media.video.thumbnail : null;
  if (poster) {
    return (
      <>
        <img loading={loading} decoding="async" width={200} height={200} alt="" srcSet={poster.srcSet} src={poster.src} />
        <span className="play-mark" aria-hidden="true" />
      </>
    );
  }
  return (
    <span className="tile__icon" aria-hidden="true">
      {CATEGORY_ICONS[category ?? ""] ?? "🏷"}
    </span>
  );
}

/** One listing as a tile: picture, price or "Free" with its status, the first line of its text, the pickup spot. */
const ListingTile = memo(function ListingTile({ post, eager }: { post: PostCardView; eager: boolean }) {
  const firstLine = post.text.find((b) => b.text.trim() !== "")?.text ?? "";
  return (
    <li className="tile" data-testid="post-tile">
      <SpaLink to={`/post/${post.id}`} className="tile__link">
        <span className="tile__media">
          <TilePicture media={post.media[0]} category={post.category} eager={eager} />
        </span>
        <ListingLine post={{ price: post.price, status: post.status, expired: post.expired, condition: null }} />
        <span className="tile__text">{firstLine}</span>
        {post.pickupSpot ? <span className="tile__spot muted">{post.pickupSpot}</span> : null}
      </SpaLink>
    </li>
  );
});

/**
 * Posts in the Grid view: each listing a tile, two to a row on a phone and
 * three wider; a post without a price (a social post) keeps its whole card,
 * across the row, in its place. Drawn inside PostFeed's PostActionsScope (its
 * links' listener); past the first screen, each tile and card hydrates in its turn (HydrateInTurn).
 */
export function ListingGrid({ posts }: { posts: PostCardView[] }) {
  let tiles = 0;
  return (
    <ul className="listing-grid" aria-label="Listings">
      {posts.map((post, index) => (
        <HydrateInTurn key={post.id} turnKey={post.id} index={index} atOnce={EAGER_TILES}>
          {post.price !== null ? (
            <ListingTile post={post} eager={tiles++ < EAGER_TILES} />
          ) : (
            <li className="listing-grid__wide">
              <PostCard post={post} />
            </li>
          )}
        </HydrateInTurn>
      ))}
    </ul>
  );
}
