// Limits and messages the forms show before their schema has loaded (no Zod
// here, so pages can import them without the validation code).

export const NAME_PART_MAX = 20;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 30;
export const FULL_NAME_MAX = 60;
export const MESSAGE_MAX = 2000;
export const BIO_MAX = 160;
/** Post and comment limit (docs/product.md §6), counted by countTextCharacters (utils/rich-text). */
export const POST_MAX_CHARACTERS = 500;

export const TOO_MANY_CHARACTERS = "Error: Too many characters!";
export const EMPTY_POST = "Write something or add a photo.";

export const PROFILE_MESSAGES = {
  firstNameRequired: "First name is required.",
  firstNameTooLong: `First name can be at most ${NAME_PART_MAX} characters.`,
  lastNameRequired: "Last name is required.",
  lastNameTooLong: `Last name can be at most ${NAME_PART_MAX} characters.`,
  bioTooLong: `Bio can be at most ${BIO_MAX} characters.`,
  updated: "Profile Updated",
} as const;

/** A private message (docs/product.md §10): 1 to 1,000 characters. */
export const CHAT_MESSAGE_MAX = 1000;

/** A photo's description, its alt text (docs/product.md §17; media.alt). */
export const PHOTO_ALT_MAX = 250;
