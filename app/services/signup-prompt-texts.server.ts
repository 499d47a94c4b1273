// The sign-up prompt's words (docs/product.md §19), sent with the layout's data when the
// URL asks for the prompt, so no page carries them in its code.
import type { SignUpReason } from "~/utils/url-state";

export const SIGNUP_TITLES: Record<SignUpReason, string> = {
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
  report: "Sign up to report",
};

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
  report: "Flag scams, prohibited items and harassment so we can take them down.",
};
