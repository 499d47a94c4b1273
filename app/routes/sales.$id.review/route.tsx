import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Stars } from "~/components/stars";
import { hiddenReviewNote } from "~/utils/reviews";
import type { RouteHandle } from "~/utils/route-handle";
import { AnswerForm, ReviewForm } from "./review-forms";
import type { action, loader } from "./route.server";

export const handle: RouteHandle = {
  title: () => "Leave a review",
};

export { action, loader } from "./route.server";

export default function SaleReview() {
  const { sale } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const here = `/sales/${sale.saleId}/review`;
  const reviewResult = actionData?.intent === "review" ? actionData.result : null;
  const answerResult = actionData?.intent === "answer" ? actionData.result : null;
  const first = sale.other.firstName;
  return (
    <div className="stack">
      <section className="panel" aria-labelledby="review-title">
        <h2 id="review-title" className="section-title">
          How did it go with <Link to={`/${sale.other.username}`}>{first}</Link>?
        </h2>
        {sale.chatId ? (
          <p>
            <Link to={`/messages/${sale.chatId}`}>Back to the conversation</Link>
          </p>
        ) : null}
        {sale.mine ? (
          <div className="review" data-testid="my-review">
            <h3 className="review__title">Your review</h3>
            <Stars rating={sale.mine.rating} />
            {sale.mine.text ? <p>{sale.mine.text}</p> : null}
            {!sale.mine.shown ? (
              <p className="muted" role="status">
                {hiddenReviewNote(first)}
              </p>
            ) : null}
          </div>
        ) : null}
        {sale.canReview ? (
          <ReviewForm action={here} lastResult={reviewResult} initial={sale.mine ? { rating: sale.mine.rating, text: sale.mine.text } : null} />
        ) : !sale.mine && !sale.open ? (
          <p className="muted">The time to review this sale has ended.</p>
        ) : null}
      </section>
      {sale.theirs ? (
        <section className="panel review" aria-labelledby="their-review" data-testid="their-review">
          <h2 id="their-review" className="section-title">
            {first}&apos;s review of you
          </h2>
          <Stars rating={sale.theirs.rating} />
          {sale.theirs.text ? <p>{sale.theirs.text}</p> : null}
          {sale.theirs.answer ? (
            <p className="review__answer">
              <strong>Your answer:</strong> {sale.theirs.answer}
            </p>
          ) : null}
          {sale.canAnswer ? <AnswerForm action={here} reviewId={sale.theirs.id} lastResult={answerResult} /> : null}
        </section>
      ) : null}
    </div>
  );
}
