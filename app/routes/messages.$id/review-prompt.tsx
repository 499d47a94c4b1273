// **Leave a review** in a conversation whose listing was sold between its two
// people, for the 14 days the review window is open (docs/product.md §24).
import { Link } from "@remix-run/react";

export function ReviewPrompt({ review }: { review: { saleId: string } | null }) {
  if (!review) return null;
  return (
    <p className="panel review-prompt">
      <Link to={`/sales/${review.saleId}/review`} className="button button--primary">
        Leave a review
      </Link>
    </p>
  );
}
