// The sign-up prompt (spec §2, §6): a visitor who tries to act gets a modal, as
// URL state `?signup=<reason>` on the page they are on, so it works without JS.

export const SIGNUP_REASONS = {
  search: "Sign up to search",
  post: "Sign up to post",
  like: "Sign up to save posts",
  comment: "Sign up to join the conversation",
  message: "Sign up to send messages",
  "join-campus": "Sign up to join your campus",
  "game-comment": "Sign up to comment on games",
  "project-comment": "Sign up to comment on projects",
  "project-like": "Sign up to save projects",
  "game-like": "Sign up to save games",
} as const;

export type SignUpReason = keyof typeof SIGNUP_REASONS;

export const SIGNUP_TEXT: Record<SignUpReason, string> = {
  search: "Find listings, people and posts from your campus once you have an account.",
  post: "Sell what you no longer need and share what is happening on campus.",
  like: "Keep the listings you like in one place and let sellers know you are interested.",
  comment: "Ask a seller a question or add your thoughts to the thread.",
  message: "Talk to sellers and classmates directly.",
  "join-campus": "Join your school's marketplace and feed with your school email.",
  "game-comment": "Tell everyone your high score or what you would add next.",
  "project-comment": "Share feedback and questions about this project.",
  "project-like": "Save the projects you like and come back to them later.",
  "game-like": "Save the games you like and come back to them later.",
};

export function isSignUpReason(value: string | null | undefined): value is SignUpReason {
  return !!value && Object.hasOwn(SIGNUP_REASONS, value);
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
