// What the report form's checks say (docs/product.md §12), shared by its schema, the
// reports model and the action; apart from the URL-state helpers, which every
// page with a Report link loads.
import { REPORT_NOTE_MAX } from "~/data/report-reasons";

export const REPORT_REASON_REQUIRED = "Choose a reason.";
export const REPORT_NOTE_TOO_LONG = `Please keep the note to ${REPORT_NOTE_MAX} characters or fewer.`;
export const TOO_MANY_REPORTS = "You're reporting too fast. Please wait a while and try again.";
