// The profile's Reviews tab (docs/product.md §24): the reviews shown about the
// person, newest first, each with its reviewer, what they traded, the stars
// with their words, the text, the date and the answer; "More reviews" pages on.
import { Link } from "@remix-run/react";
import { Stars } from "~/components/stars";
import { Avatar } from "~/components/post-parts";
import type { AuthorView, TimeView } from "~/types/views";
import { reportHref } from "~/utils/reports";
import { withParams } from "~/utils/url-state";

type Review = { id: string; reviewer: AuthorView; context: string; rating: number; text: string | null; answer: string | null; time: TimeView };

export function ReviewsTab({ page, here, canReport, viewerId }: { page: { items: Review[]; nextCursor: string | null }; here: string; canReport: boolean; viewerId: string | null }) {
  return (
    <section aria-labelledby="reviews-title" className="profile__section">
      <h2 id="reviews-title" className="section-title">
        Reviews
      </h2>
      {page.items.length === 0 ? (
        <p className="panel empty-state">No reviews yet</p>
      ) : (
        <ul className="reviews stack" aria-label="Reviews">
          {page.items.map((r) => (
            <li key={r.id} className="panel review" data-testid="review">
              <div className="review__head">
                <Avatar author={r.reviewer} size={40} />
                <div>
                  <Link to={`/${r.reviewer.username}`}>{r.reviewer.displayName}</Link>
                  <p className="muted review__context">{r.context}</p>
                </div>
              </div>
              <Stars rating={r.rating} />
              {r.text ? <p className="review__text">{r.text}</p> : null}
              <p className="muted">
                <time dateTime={r.time.iso} suppressHydrationWarning>
                  {r.time.date}
                </time>
              </p>
              {r.answer ? (
                <p className="review__answer">
                  <strong>Answer:</strong> {r.answer}
                </p>
              ) : null}
              {canReport && viewerId !== r.reviewer.id ? (
                <Link to={reportHref(here, "review", r.id)} className="button button--small" preventScrollReset>
                  Report
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {page.nextCursor ? (
        <p>
          <Link to={withParams(here, { cursor: page.nextCursor })} className="button">
            More reviews
          </Link>
        </p>
      ) : null}
    </section>
  );
}
