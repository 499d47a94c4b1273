// The words of private messages and blocking (docs/product.md §10, §11), shared by the server
// and the pages (no Zod here, so pages can import them without the schemas).

/** The chat composer's placeholder (docs/product.md §6). */
export const CHAT_PLACEHOLDER = "Say something . . .";
export const EMPTY_MESSAGE = "Write a message first.";
/** Either side blocked the other: the composer is replaced by this, and a send is refused with it. */
export const CANT_MESSAGE = "You can't message this person.";
/** Either side blocked the other: a comment, reply or save on the other's items is refused with this. */
export const CANT_INTERACT = "You can't interact with this person.";
export const USER_BLOCKED = "User blocked.";
export const USER_UNBLOCKED = "User unblocked.";
export const OWN_POST = "This is your own post.";
/** A conversation's or notification's listing that was deleted, or that reports hide from the viewer. */
export const LISTING_UNAVAILABLE = "This listing is no longer available";
/** A notification's comment that was deleted, or that reports hide from the viewer. */
export const COMMENT_UNAVAILABLE = "This comment is no longer available";
export const TOO_MANY_CONVERSATIONS = "You've started 20 conversations today. Try again tomorrow.";
export const TOO_MANY_MESSAGES = "You're sending messages too fast. Wait a minute and try again.";

/** The block confirmation (URL state ?confirm=block), on a profile and in a conversation. */
export const BLOCK_CONFIRM = {
  title: "Block this person?",
  text: "Neither of you will be able to message the other, and you won't see each other's posts and comments. You can unblock them in Settings.",
} as const;

/** Push notifications (Settings → Push notifications). */
export const PUSH_ON = "Push notifications are on for this device.";
export const PUSH_OFF = "Push notifications are off for this device.";
export const PUSH_CHOICES_SAVED = "Push choices saved.";
export const TOO_MANY_PUSH_SUBSCRIBES = "You've turned on push notifications too many times this hour. Try again later.";
