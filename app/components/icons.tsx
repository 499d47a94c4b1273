// Small icons (24px, stroke). Decorative: the text beside them names the action.
// Each is a span that app.css draws (its shape a mask in the text's colour, `.icon-NAME`):
// a page draws dozens, and markup is work for the server's render, the wire and the
// browser's hydration, where an inline SVG costs two elements, its path and its attributes.

export const ICON_NAMES = ["home", "search", "bell", "user", "more", "settings", "plus", "back", "check", "close", "comment", "message", "bookmark", "share", "login", "logout", "flag"] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** An 18px icon beside small text (`small`), otherwise 24px (20px inside an `.action`). */
export function Icon({ name, small = false }: { name: IconName; small?: boolean }) {
  // Empty, so there is nothing for a screen reader to skip.
  return <span className={small ? `icon icon-${name} icon--small` : `icon icon-${name}`} />;
}

/** The verified badge (docs/product.md §5): a check in a disc (app.css), named for screen readers. */
export function VerifiedBadge() {
  return <span className="badge" role="img" aria-label="Verified" />;
}
