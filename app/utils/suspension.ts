// A suspended user (issue 15) sees why where the composer, comment box,
// message composer and Save would be. Buttons that would act (Save, Comment,
// Message seller) open the same words as URL state (?notice=suspended), so it
// works without JS; the words come with the layout's data (SessionUser.suspension).
import { withParams } from "./url-state";

export const SUSPENDED_NOTICE_PARAM = "notice";
const VALUE = "suspended";

/** The link that shows the suspension notice on the current page. */
export function suspensionNoticeHref(pathWithSearch: string): string {
  return withParams(pathWithSearch, { [SUSPENDED_NOTICE_PARAM]: VALUE });
}

export function isSuspensionNoticeOpen(search: string): boolean {
  return new URLSearchParams(search).get(SUSPENDED_NOTICE_PARAM) === VALUE;
}
