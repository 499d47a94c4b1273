// The amount form of an offer or a counteroffer in a conversation (docs/product.md §7):
// opened as URL state (?offer=make, ?offer=counter), so the page renders it
// through OnDemand and its code loads only when it is open.
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { loadOfferSchemas } from "~/schemas/lazy.client";
import { useSchemaForm } from "~/utils/form";
import { FormErrors } from "./field-errors";
import { Field } from "./forms";

export function OfferAmountForm(props: { action: string; label: string; button: string; lastResult: SubmissionResult<string[]> | null; closeHref: string; offerId?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === props.action;
  const { form, fields, formProps } = useSchemaForm(() => loadOfferSchemas().then((m) => (props.offerId ? m.counterSchema : m.offerSchema)), {
    lastResult: busy ? null : props.lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" action={props.action} {...formProps} className="stack offer-form" preventScrollReset>
      {props.offerId ? <input type="hidden" name="offerId" value={props.offerId} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.amount} label={props.label} inputMode="decimal" autoComplete="off" placeholder="45" />
      <div className="button-row">
        <button type="submit" className="button button--primary button--small" disabled={busy}>
          {props.button}
        </button>
        <Link to={props.closeHref} className="button button--small" preventScrollReset replace>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
