import { Link } from "@remix-run/react";
import { ListingLine } from "~/components/listing-info";
import type { SavedItemView } from "~/types/views";

const KIND_LABEL = { post: null, project: "Project", game: "Game" } as const;

/** A saved item: its photo, title, price and status; one that is gone says so and leads nowhere. */
export function SavedCard({ item }: { item: SavedItemView }) {
  if (item.removed || !item.href) {
    return (
      <li className="card saved-card saved-card--removed" data-testid="saved-item">
        <p className="muted">{item.removed}</p>
      </li>
    );
  }
  const kind = KIND_LABEL[item.kind];
  return (
    <li className="card saved-card" data-testid="saved-item">
      <Link to={item.href} className="saved-card__link">
        {item.image ? (
          <img className="saved-card__image" loading="lazy" sizes="96px" alt="" width="96" height="96" srcSet={item.image.srcSet ?? undefined} src={item.image.src} />
        ) : (
          <span className="saved-card__image saved-card__image--none" aria-hidden="true" />
        )}
        <span className="saved-card__main">
          <strong className="saved-card__title">{item.title}</strong>
          {kind ? <span className="chip">{kind}</span> : null}
        </span>
      </Link>
      <ListingLine post={{ price: item.price, status: item.status, condition: null, expired: item.expired, wanted: item.wanted }} />
    </li>
  );
}
