// The seller card beside Message seller (docs/product.md §24): who sells, since
// when, how many sales, their rating and how fast they usually reply.
// Server-rendered markup only: no hooks and no code of its own in the browser.
import { Link } from "@remix-run/react";
import { Avatar } from "~/components/post-parts";
import type { AuthorView } from "~/types/views";
import { ratingSummary } from "~/utils/reviews";

export type SellerCardProps = {
  card: { seller: AuthorView; schoolVerified: boolean; joined: string; sold: number; rating: { average: number | null; count: number }; replies: string | null };
};

export function SellerCard({ card }: SellerCardProps) {
  const href = `/${card.seller.username}`;
  return (
    <section className="panel seller-card" aria-label="Seller" data-testid="seller-card">
      <Link to={href} className="seller-card__who">
        <Avatar author={card.seller} size={48} />
        <span className="seller-card__name">{card.seller.displayName}</span>
      </Link>
      {card.schoolVerified ? <span className="seller-card__badge">School verified</span> : null}
      <ul className="seller-card__facts">
        <li>{card.joined}</li>
        <li>{card.sold} sold</li>
        <li>
          <Link to={`${href}?show=reviews`}>{ratingSummary(card.rating)}</Link>
        </li>
        {card.replies ? <li>{card.replies}</li> : null}
      </ul>
    </section>
  );
}
