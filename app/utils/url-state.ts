// Modals, menus and prompts are URL state (?share=…, ?confirm=…, ?signup=…,
// ?verify=school, ?notice=suspended) so the server can render them and they
// work without JS.

/**
 * A path a URL parser leaves as it is: no host (`//…`), no backslash, no dot
 * segment to resolve (percent-encoded ones included), no character to encode,
 * and only printable ASCII in the query (a parser drops some characters and
 * encodes others before the query is read). The router's own addresses are
 * all like this; anything else goes through `new URL`.
 */
const PLAIN_PATH = /^\/(?![/\\])[\w\-.~!$&'()*+,;=:@/]*$/;
const NOT_PRINTABLE_ASCII = /[^\x21-\x7e]/;
const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/;

/** A path, its query (from its "?") and its hash, as `new URL(path, origin)` would give them. */
function splitPath(pathWithSearch: string): { path: string; query: string; hash: string } {
  const queryAt = pathWithSearch.indexOf("?");
  const path = queryAt < 0 ? pathWithSearch : pathWithSearch.slice(0, queryAt);
  if (!pathWithSearch.includes("#") && PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path) && !NOT_PRINTABLE_ASCII.test(pathWithSearch)) {
    return { path, query: queryAt < 0 ? "" : pathWithSearch.slice(queryAt), hash: "" };
  }
  const url = new URL(pathWithSearch, "http://x");
  return { path: url.pathname, query: url.search, hash: url.hash };
}

/**
 * The current path with some query parameters set (a value of null removes one); the hash is kept.
 * The query is edited as a URLSearchParams of its own: a URL's `searchParams` rewrites the whole
 * URL after each change, ten times the cost, and a feed's cards ask for several of these each.
 */
export function withParams(pathWithSearch: string, params: Record<string, string | null>): string {
  const { path, query, hash } = splitPath(pathWithSearch);
  const search = new URLSearchParams(query);
  for (const key in params) {
    const value = params[key];
    if (value === null || value === undefined) search.delete(key);
    else search.set(key, value);
  }
  const written = search.toString();
  return `${path}${written ? `?${written}` : ""}${hash}`;
}

/** The page without any modal open. */
export function withoutModals(pathWithSearch: string): string {
  return withParams(pathWithSearch, { share: null, confirm: null, target: null, signup: null, discard: null, verify: null, notice: null, report: null });
}

// The sign-up prompt (docs/product.md §19): a visitor who tries to act gets a modal,
// `?signup=<reason>` on the page they are on. Its words come with the layout's
// data (signup-prompt-texts.server.ts), not in the page's code.

const SIGNUP_REASONS = [
  "search",
  "post",
  "like",
  "comment",
  "message",
  "join-campus",
  "game-comment",
  "project-comment",
  "project-like",
  "game-like",
  "report",
] as const;

export type SignUpReason = (typeof SIGNUP_REASONS)[number];

export function isSignUpReason(value: string | null | undefined): value is SignUpReason {
  return (SIGNUP_REASONS as readonly string[]).includes(value ?? "");
}

/**
 * The link that opens the prompt on the current page, e.g. for a visitor's Save
 * button: signUpPromptHref("/post/abc?show=comments", "like").
 */
export function signUpPromptHref(pathWithSearch: string, reason: SignUpReason): string {
  return withParams(pathWithSearch, { signup: reason });
}

/** The page without the prompt: where the modal's close link and the sign-in return lead. */
export function withoutSignUpPrompt(pathWithSearch: string): string {
  return withParams(pathWithSearch, { signup: null });
}

// The verify-school prompt (docs/product.md §4): a signed-in user who is not a
// student of this site's campus gets it instead of composing, commenting or
// saving, as `?verify=school` on the page they are on.

/** What an action answers when such a user sends the request anyway. */
export const SCHOOL_VERIFICATION_REQUIRED = "Verify your school email to post, comment and save on this campus.";

const VERIFY_PARAM = "verify";
const VERIFY_VALUE = "school";

/** The link that opens the prompt on the current page. */
export function verifySchoolPromptHref(pathWithSearch: string): string {
  return withParams(pathWithSearch, { [VERIFY_PARAM]: VERIFY_VALUE });
}

/** The page without the prompt: where its close link leads. */
export function withoutVerifySchoolPrompt(pathWithSearch: string): string {
  return withParams(pathWithSearch, { [VERIFY_PARAM]: null });
}

export function isVerifySchoolPromptOpen(search: string): boolean {
  return new URLSearchParams(search).get(VERIFY_PARAM) === VERIFY_VALUE;
}

// A suspended user (docs/product.md §14) sees why where the composer, comment box,
// message composer and Save would be. Buttons that would act open the same
// words as `?notice=suspended`; the words come with the layout's data
// (SessionUser.suspension).

export const SUSPENDED_NOTICE_PARAM = "notice";
const SUSPENDED_VALUE = "suspended";

/** The link that shows the suspension notice on the current page. */
export function suspensionNoticeHref(pathWithSearch: string): string {
  return withParams(pathWithSearch, { [SUSPENDED_NOTICE_PARAM]: SUSPENDED_VALUE });
}

export function isSuspensionNoticeOpen(search: string): boolean {
  return new URLSearchParams(search).get(SUSPENDED_NOTICE_PARAM) === SUSPENDED_VALUE;
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
