// Small icons (24px, stroke). Each is drawn by app.css (`.icon--{name}`, a mask over the
// text's colour), so the page carries one empty element per icon, not an inline <svg>.
// Decorative: the text beside them names the action.

export const ICON_NAMES = [
  "home",
  "search",
  "bell",
  "user",
  "more",
  "settings",
  "plus",
  "back",
  "check",
  "close",
  "comment",
  "message",
  "bookmark",
  "share",
  "login",
  "logout",
  "flag",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** An 18px icon beside small text (`small`), otherwise 24px (20px inside an `.action`). */
export function Icon({ name, small = false }: { name: IconName; small?: boolean }) {
  return <span className={small ? `icon icon--${name} icon--small` : `icon icon--${name}`} aria-hidden="true" />;
}

/** The verified badge (docs/product.md §5): a check in a disc, named for screen readers. */
export function VerifiedBadge() {
  return <span className="badge" role="img" aria-label="Verified" />;
}
