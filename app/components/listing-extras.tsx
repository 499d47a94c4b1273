import type { ListingExtrasView } from "~/types/views";

/**
 * A listing's textbook and move-out line on its card and page: the price
 * before the weekly drops struck through, "Must go by May 14", the course
 * codes and the ISBN (and the edition on the page).
 */
export function ListingExtras({ extras, detail = false }: { extras?: ListingExtrasView | null; detail?: boolean }) {
  if (!extras) return null;
  return (
    <p className="listing-extras-line" data-testid="listing-extras">
      {extras.wasPrice ? (
        <s>
          <span className="visually-hidden">Was </span>
          {extras.wasPrice}
        </s>
      ) : null}
      {extras.mustGoBy ? (
        <span className="listing-extras-line__due">
          Must go by <time dateTime={extras.mustGoByIso ?? undefined}>{extras.mustGoBy}</time>
        </span>
      ) : null}
      {extras.courses.map((c) => (
        <span key={c} className="chip">
          {c}
        </span>
      ))}
      {extras.isbn ? <span>ISBN {extras.isbn}</span> : null}
      {detail && extras.edition ? <span>Edition: {extras.edition}</span> : null}
    </p>
  );
}
