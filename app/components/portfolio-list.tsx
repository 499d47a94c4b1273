import { Link } from "@remix-run/react";

export type PortfolioItem = { id: string; title: string; shortDescription: string; iconLink: string | null };

/** Projects or games as a list of icon, title and short description. */
export function PortfolioList({
  items,
  kind,
  emptyText,
}: {
  items: PortfolioItem[];
  kind: "project" | "game";
  emptyText: string;
}) {
  if (items.length === 0) return <p className="empty-state panel">{emptyText}</p>;
  return (
    <ul className="portfolio-list">
      {items.map((item) => (
        <li key={item.id}>
          <Link to={`/${kind}/${item.id}`} className="portfolio-item">
            {item.iconLink ? <img loading="lazy" alt="" width="48" height="48" src={item.iconLink} /> : null}
            <span>
              <strong>{item.title}</strong>
              <span className="muted">{item.shortDescription}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
