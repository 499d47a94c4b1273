// The review screen's two forms: Leave a review (a rating and optional words)
// and the reviewed person's one answer. Plain posts; the schema loads on first use.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorList, FormErrors } from "~/components/field-errors";
import { TextareaField } from "~/components/forms";
import { loadReviewSchemas } from "~/schemas/lazy.client";
import { useSchemaForm } from "~/utils/form";
import { REVIEW_ANSWER_MAX, REVIEW_TEXT_MAX, starsLabel } from "~/utils/reviews";

export function ReviewForm({ action, lastResult, initial }: { action: string; lastResult: SubmissionResult<string[]> | null; initial: { rating: number; text: string | null } | null }) {
  const { form, fields, formProps } = useSchemaForm(() => loadReviewSchemas().then((m) => m.reviewSchema), {
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: initial ? { rating: String(initial.rating), text: initial.text ?? "" } : undefined,
  });
  const chosen = (fields.rating.value ?? fields.rating.initialValue) as string | undefined;
  return (
    <Form method="post" action={action} {...formProps} className="stack review-form" noValidate>
      <input type="hidden" name="intent" value="review" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
        <legend>Rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="review-form__star">
            <input type="radio" name={fields.rating.name} value={String(n)} defaultChecked={chosen === String(n)} /> {starsLabel(n)}
          </label>
        ))}
        <ErrorList id={fields.rating.errorId} errors={fields.rating.errors} />
      </fieldset>
      <TextareaField field={fields.text} label="Your review (optional)" key={fields.text.key} rows={4} maxLength={REVIEW_TEXT_MAX + 200} />
      <button type="submit" className="button button--primary">
        Post review
      </button>
    </Form>
  );
}

export function AnswerForm({ action, reviewId, lastResult }: { action: string; reviewId: string; lastResult: SubmissionResult<string[]> | null }) {
  const { form, fields, formProps } = useSchemaForm(() => loadReviewSchemas().then((m) => m.reviewAnswerSchema), { lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" action={action} {...formProps} className="stack review-form" noValidate>
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="review" value={reviewId} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextareaField field={fields.answer} label="Your answer" key={fields.answer.key} rows={3} maxLength={REVIEW_ANSWER_MAX + 200} />
      <button type="submit" className="button">
        Post answer
      </button>
    </Form>
  );
}
