// The sizes photos are stored at and drawn at, shared by the upload pipeline and
// the components (kept apart from the upload rules so the feed's code carries only these).

/** Photos are shown this many CSS pixels high in posts, comments and the feed (docs/product.md §17). */
export const MEDIA_DISPLAY_HEIGHT = 200;
/** Widths (px) of the variants a post's own page picks from (its full gallery), as WebP encoded for quality. */
export const GALLERY_IMAGE_WIDTHS = [640, 1080, 1600];
/** The widest variant the feed offers (docs/product.md §22: at most 640 px wide in the feed). */
export const FEED_IMAGE_MAX_WIDTH = 640;

/**
 * The width (CSS px) of a photo's thumbnail in the feed: MEDIA_DISPLAY_HEIGHT
 * high, at the photo's own shape when it is upright or square, and cropped to a
 * square when it is wider, as marketplaces show them (a wide photo costs no more
 * bytes than a square one). Photos are stored at this size and twice it, so a
 * thumbnail downloads no pixel it does not show, at 1x and at 2x.
 */
export function thumbnailWidth(width: number, height: number): number {
  return Math.max(1, Math.min(Math.round((MEDIA_DISPLAY_HEIGHT * width) / height), MEDIA_DISPLAY_HEIGHT));
}

/**
 * How a feed thumbnail is encoded (photos, and videos' first frames). The
 * thumbnails carry most of a first visit's bytes (without JavaScript the
 * browser ignores loading="lazy" and fetches every one): encoded harder and at
 * a quality a 200 px high thumbnail does not show the loss of, for about 30 %
 * fewer bytes.
 */
export const THUMBNAIL_WEBP = { quality: 60, effort: 6, smartSubsample: true } as const;
