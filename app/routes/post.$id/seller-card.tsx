// The seller card beside Message seller (docs/product.md §24): who sells, since
// when, how many sales, their rating and how fast they usually reply. The
// loader renders it to HTML (sellerCardHtml), so none of its code goes to the
// browser: plain links, no hooks, no router.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
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
      <a href={href} className="seller-card__who">
        <Avatar author={card.seller} size={48} />
        <span className="seller-card__name">{card.seller.displayName}</span>
      </a>
      {card.schoolVerified ? <span className="seller-card__badge">School verified</span> : null}
      <ul className="seller-card__facts">
        <li>{card.joined}</li>
        <li>{card.sold} sold</li>
        <li>
          <a href={`${href}?show=reviews`}>{ratingSummary(card.rating)}</a>
        </li>
        {card.replies ? <li>{card.replies}</li> : null}
      </ul>
    </section>
  );
}

/** The card as HTML, for the page to show as it is. */
export function sellerCardHtml(card: SellerCardProps["card"]): string {
  return renderToStaticMarkup(createElement(SellerCard, { card }));
}
