// The sign-up prompt (spec §2, §6): a visitor who tries to act gets a modal, as
// URL state `?signup=<reason>` on the page they are on, so it works without JS.
// Its words come with the layout's data (signup-prompt-texts.server.ts), not in the page's code.

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
  const url = new URL(pathWithSearch, "http://x");
  url.searchParams.set("signup", reason);
  return url.pathname + url.search + url.hash;
}

/** The page without the prompt: where the modal's close link and the sign-in return lead. */
export function withoutSignUpPrompt(pathWithSearch: string): string {
  const url = new URL(pathWithSearch, "http://x");
  url.searchParams.delete("signup");
  return url.pathname + url.search + url.hash;
}
