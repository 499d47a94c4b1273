// The verify-school prompt (spec §2, §6): a signed-in user who is not a student
// of this site's campus gets it instead of composing, commenting or saving. It
// is URL state `?verify=school` on the page they are on, so it works without JS.
import { signUpPromptHref, type SignUpReason } from "./signup-prompt";
import { suspensionNoticeHref } from "./suspension";

/** What an action answers when such a user sends the request anyway. */
export const SCHOOL_VERIFICATION_REQUIRED = "Verify your school email to post, comment and save on this campus.";

const PARAM = "verify";
const VALUE = "school";

/** The link that opens the prompt on the current page. */
export function verifySchoolPromptHref(pathWithSearch: string): string {
  const url = new URL(pathWithSearch, "http://x");
  url.searchParams.set(PARAM, VALUE);
  return url.pathname + url.search + url.hash;
}

/** The page without the prompt: where its close link leads. */
export function withoutVerifySchoolPrompt(pathWithSearch: string): string {
  const url = new URL(pathWithSearch, "http://x");
  url.searchParams.delete(PARAM);
  return url.pathname + url.search + url.hash;
}

export function isVerifySchoolPromptOpen(search: string): boolean {
  return new URLSearchParams(search).get(PARAM) === VALUE;
}

/**
 * Where a viewer who may not comment or save here goes instead: the sign-up
 * prompt for a visitor (with its reason), the suspension notice for a
 * suspended user, the verify-school prompt for a signed-in user who is not a
 * student of this campus; undefined when they may.
 */
export function actionPromptHref(
  viewer: { schoolVerified: boolean; suspension?: string | null } | null,
  pathWithSearch: string,
  reason: SignUpReason,
): string | undefined {
  if (!viewer) return signUpPromptHref(pathWithSearch, reason);
  if (viewer.suspension) return suspensionNoticeHref(pathWithSearch);
  return viewer.schoolVerified ? undefined : verifySchoolPromptHref(pathWithSearch);
}
