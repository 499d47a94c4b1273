// View shapes of the review queue (/moderation), from the loader to its components.
import type { AuthorView, MediaView, TextBlock, TimeView } from "./views";

export type ReportTargetType = "post" | "comment" | "user" | "chat" | "review";

/** The reported thing itself, as the entry shows it. */
export type ReportedItemView =
  | {
      kind: "post";
      /** False once the post was deleted (by its author, or removed). */
      exists: boolean;
      href: string;
      excerpt: string;
      /** The first photo or video (a thumbnail) and how many there are. */
      media: MediaView[];
      /** "$60 OBO", "Free"; null: not a listing. */
      price: string | null;
      status: string | null;
      /** Hidden from others while reports are reviewed. */
      hidden: boolean;
    }
  | { kind: "comment"; exists: boolean; href: string; threadHref: string | null; text: TextBlock[]; hidden: boolean }
  | { kind: "user"; exists: boolean; href: string; profile: AuthorView | null; hidden: boolean }
  | { kind: "chat"; exists: boolean; messages: { id: string; sender: AuthorView; text: string; time: TimeView }[] }
  /** A review: its stars and words, and where it is shown (the reviewed person's Reviews tab). */
  | { kind: "review"; exists: boolean; href: string; rating: number; text: string | null; removed: boolean };

/** The reported item's author (the profile itself, the other member of a conversation). */
export type ReportedAuthorView = {
  user: AuthorView;
  /** "3 months" since the account was made. */
  accountAge: string;
  /** Items of theirs removed after reports before (upheld reports, counted per item). */
  upheldCount: number;
  /** "Suspended until December 3, 2026, 4:05 PM: Spam", or null. */
  suspension: string | null;
  isModerator: boolean;
  isOwner: boolean;
};

export type ReportView = {
  id: string;
  reporter: AuthorView;
  reporterIsModerator: boolean;
  reporterIsOwner: boolean;
  /** The reason's label ("Scam or fraud"). */
  reason: string;
  note: string | null;
  time: TimeView;
};

export type ModerationActionView = {
  id: string;
  moderator: AuthorView | null;
  /** What was done, in words ("Removed the post: Spam"). */
  text: string;
  time: TimeView;
};

/** One reported item with its open reports, newest report first in the queue. */
export type ModerationEntryView = {
  /** "post:{id}": what the action forms name as `target`. */
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  item: ReportedItemView;
  author: ReportedAuthorView | null;
  reports: ReportView[];
  /** The label of the most-reported reason (what a removal notice and a suspension say by default). */
  topReason: string;
  topReasonId: string;
  latest: TimeView;
  /** Earlier actions on this item, oldest first. */
  actions: ModerationActionView[];
};

export type ModerationPage = { items: ModerationEntryView[]; nextCursor: string | null };

/** The confirmation the URL asks for (?confirm=…&target=…), as its dialog shows it. */
export type ModerationConfirmView = {
  intent: "dismiss" | "remove" | "suspend" | "unsuspend" | "make-moderator" | "remove-moderator";
  title: string;
  text: string;
  label: string;
  tone: "primary" | "danger";
  fields: Record<string, string>;
};
