// The report form (docs/product.md §12) in the one dialog, opened as URL state by a Report
// link (app/utils/reports.ts), so it works without JS. Pages show it through
// OnDemand.ReportDialog (./on-demand), which loads this module only when needed. A plain form: the
// action checks it (no validation code comes to the page) and a refusal comes
// back as `{ report }` action data, shown here with the draft.
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { REPORT_NOTE_MAX, REPORT_REASONS } from "~/data/report-reasons";
import type { ReportKind } from "~/utils/reports";
import { Dialog } from "./dialog";
import { ErrorList, FormErrors } from "./field-errors";

const SUBJECT: Record<ReportKind, string> = { post: "post", comment: "comment", user: "user", conversation: "conversation", review: "review" };

/** The refusal the report action sent back, if the page's action data is one. */
function useReportResult(): SubmissionResult<string[]> | null {
  const actionData: unknown = useActionData();
  if (actionData && typeof actionData === "object" && "report" in actionData) return (actionData as { report: SubmissionResult<string[]> }).report;
  return null;
}

/**
 * Report {post, comment, user, conversation}: a reason (radio buttons), an
 * optional note, Report and Cancel. `action` is where the form posts (with the
 * dialog's URL state, so a refusal shows it again); `returnTo` where a
 * report leads back to; `name` names the person reported.
 */
export type ReportDialogProps = { kind: ReportKind; action: string; closeHref: string; returnTo: string; name?: string };

export function ReportDialog({ kind, action, closeHref, returnTo, name }: ReportDialogProps) {
  const result = useReportResult();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const draft = (result?.initialValue ?? {}) as { reason?: unknown; note?: unknown; returnTo?: unknown };
  const errors = result?.error ?? {};
  const formErrors = errors[""] ?? undefined;
  const reasonErrors = errors.reason ?? undefined;
  const noteErrors = errors.note ?? undefined;
  const subject = kind === "user" && name ? name : `this ${SUBJECT[kind]}`;
  return (
    <Dialog title={`Report ${subject}`} id="report" closeHref={closeHref} description={`Why are you reporting ${subject}? We review every report.`}>
      <Form method="post" action={action} className="report-form" noValidate preventScrollReset>
        <FormErrors id="report-form-errors" errors={formErrors} />
        <fieldset className="report-form__reasons" aria-describedby={reasonErrors ? "report-reason-errors" : undefined}>
          <legend>Reason</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r.id} className="check">
              <input type="radio" name="reason" value={r.id} defaultChecked={draft.reason === r.id} aria-invalid={reasonErrors ? true : undefined} /> {r.label}
            </label>
          ))}
          <ErrorList id="report-reason-errors" errors={reasonErrors} />
        </fieldset>
        <div className="field">
          <label htmlFor="report-note">Add a note (optional)</label>
          <textarea
            id="report-note"
            name="note"
            rows={3}
            defaultValue={typeof draft.note === "string" ? draft.note : ""}
            aria-invalid={noteErrors ? true : undefined}
            aria-describedby={noteErrors ? "report-note-hint report-note-errors" : "report-note-hint"}
          />
          <p className="field__hint" id="report-note-hint">
            Up to {REPORT_NOTE_MAX} characters. <Link to="/more/rules">Read the rules</Link>
          </p>
          <ErrorList id="report-note-errors" errors={noteErrors} />
        </div>
        <div className="button-row">
          <button type="submit" className="button button--danger" disabled={busy}>
            Report
          </button>
          <Link to={closeHref} className="button" preventScrollReset replace>
            Cancel
          </Link>
        </div>
        {/* After the fields: the dialog focuses the first one. */}
        <input type="hidden" name="intent" value="report" />
        {/* A refused report keeps the page it started from (the server checks it again). */}
        <input type="hidden" name="returnTo" value={typeof draft.returnTo === "string" ? draft.returnTo : returnTo} />
      </Form>
    </Dialog>
  );
}
