// View shapes that loaders send to components (shared by server and browser).

export type TextBlock = { text: string; marks?: string[] };

export type AuthorView = {
  id: string;
  username: string;
  displayName: string;
  firstName: string;
  avatarUrl: string | null;
  verified: boolean;
};

/** A time as the spec shows it: "X ago", clock time and "MMM do" (§9). */
export type TimeView = { iso: string; ago: string; clock: string; date: string };

export type MediaView = {
  kind: "image" | "video";
  src: string;
  srcSet: string | null;
  width: number | null;
  height: number | null;
  name: string;
};

export type PostCardView = {
  id: string;
  text: TextBlock[];
  category: string | null;
  author: AuthorView;
  time: TimeView;
  likeCount: number;
  commentCount: number;
  media: MediaView[];
  /** Whether the viewer has saved it. */
  saved: boolean;
};
