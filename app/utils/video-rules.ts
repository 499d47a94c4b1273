// What an uploaded video may be and what it is turned into, shared by the upload check
// (server and composer) and the transcoder.

/** The longest video accepted, in seconds. */
export const MAX_VIDEO_SECONDS = 180;
export const VIDEO_TOO_LONG = "Videos can be at most 3 minutes long.";

/** Stored videos are at most this many pixels on their long side (never upscaled). */
export const VIDEO_MAX_LONG_SIDE = 1280;
/** Stored videos play at most this many frames a second. */
export const VIDEO_MAX_FPS = 30;
/** The larger poster's long side (px); the smaller ones are the feed thumbnail's sizes. */
export const VIDEO_POSTER_LONG_SIDE = 640;
/** What an upload with a video is told when this server has no ffmpeg (photos still work). */
export const VIDEOS_UNAVAILABLE = "Videos can't be uploaded right now.";
