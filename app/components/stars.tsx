// A rating as stars with its text equivalent ("5 stars") for everyone who cannot see them.
import { starsLabel } from "~/utils/reviews";

export function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={starsLabel(rating)}>
      <span aria-hidden="true">{"★".repeat(rating) + "☆".repeat(5 - rating)}</span>
    </span>
  );
}
