// Upload rules shared by the composer (instant feedback) and the server (docs/product.md §6).

export const MAX_FILES = 10;
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

export const ALLOWED_EXTENSIONS = ["jpeg", "jpg", "png", "gif", "webp", "mp4", "mov", "avi", "quicktime"] as const;
/** The picker's photos alone: a server without ffmpeg takes no video. */
export const PHOTO_PICKER_ACCEPT = ".png,.gif,.jpeg,.jpg,.webp,image/png,image/gif,image/jpeg,image/webp";
/** What the file picker offers (docs/product.md §6): these photos and any video. */
export const PICKER_ACCEPT = `${PHOTO_PICKER_ACCEPT},video/*`;
export const PROFILE_PHOTO_EXTENSIONS = ["jpeg", "jpg", "png", "gif"] as const;

export const TOO_MANY_FILES = "Please choose up to 10 photos.";
export const NOT_MEDIA = "Only photos & videos are allowed!";
export const NOT_PHOTO = "Only photos are allowed!";
export const TOO_LARGE = "Photos must be under 15 MB and videos under 100 MB.";

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

export function hasAllowedExtension(name: string): boolean {
  return (ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/** Media is treated as video if its name contains mov or mp4. */
export function looksLikeVideo(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.includes("mov") || lower.includes("mp4");
}

/** Square avatar sizes (px): small for cards and lists, large for the profile. */
export const AVATAR_SIZES = { small: 96, large: 400 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;
/** What the profile photo picker offers (docs/product.md §5: jpeg, jpg, png, gif). */
export const PROFILE_PHOTO_ACCEPT = ".jpeg,.jpg,.png,.gif,image/jpeg,image/png,image/gif";

/** A profile photo's name must end in jpeg, jpg, png or gif (its content is checked on the server too). */
export function isProfilePhotoName(name: string): boolean {
  return (PROFILE_PHOTO_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}
