// Small inline icons (24px, stroke). Decorative: the text beside them names the action.
// How they are drawn (size, stroke, colour) is app.css's `.icon`, not attributes: a
// page draws dozens, and each attribute is work for the server's render and the
// browser's hydration.

const paths = {
  home: "M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10",
  search: "M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14zM21 21l-5-5",
  bell: "M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  settings: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z",
  plus: "M12 5v14M5 12h14",
  back: "M15 18l-6-6 6-6",
  check: "M5 13l4 4L19 7",
  close: "M6 6l12 12M18 6L6 18",
  comment: "M4 5h16v11H8l-4 4z",
  message: "M4 4h16v12H7l-3 3zM8 9h8M8 12h5",
  bookmark: "M6 3h12v18l-6-4-6 4z",
  share: "M12 3v12M7 8l5-5 5 5M5 14v6h14v-6",
  login: "M10 17l5-5-5-5M15 12H3M14 4h5a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-5",
  logout: "M15 17l5-5-5-5M20 12H8M10 4H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h5",
  flag: "M5 21V4M5 4h12l-2 4 2 4H5",
} as const;

export type IconName = keyof typeof paths;

/** An 18px icon beside small text (`small`), otherwise 24px (20px inside an `.action`). */
export function Icon({ name, small = false }: { name: IconName; small?: boolean }) {
  return (
    <svg className={small ? "icon icon--small" : "icon"} viewBox="0 0 24 24" aria-hidden="true">
      <path d={paths[name]} />
    </svg>
  );
}

/** The verified badge (docs/product.md §5): a check in a disc, named for screen readers. */
export function VerifiedBadge() {
  return (
    <svg className="badge" viewBox="0 0 24 24" role="img" aria-label="Verified">
      <circle cx="12" cy="12" r="11" />
      <path d="M7 12.5l3 3 7-7" />
    </svg>
  );
}
