// View shapes that loaders send to components: shared by the server and the
// browser, so components import types from here and never from a .server module.

export type TextBlock = { text: string; marks?: string[] };

export type AuthorView = {
  id: string;
  username: string;
  displayName: string;
  firstName: string;
  avatarUrl: string | null;
  verified: boolean;
};

/** A time as users see it: "X ago", clock time and "MMM do" (docs/product.md §19). */
export type TimeView = { iso: string; ago: string; clock: string; date: string };

export type MediaView = {
  kind: "image" | "video";
  src: string;
  srcSet: string | null;
  width: number | null;
  height: number | null;
  name: string;
  /** What the image's `alt` says: the author's description, else its place ("Photo 1 of 3 from Ana's post"); "" for a video. */
  alt: string;
  /** A video's poster, length and state; null for a photo. */
  video: VideoView | null;
};

/** What a video's player and feed card need besides its file (`src`, `width`, `height`: the MP4's display size). */
export type VideoView = {
  /** Not yet turned into its MP4: only its author gets it, shown as "Processing video…". */
  processing: boolean;
  /** The stored file's MIME type (video/mp4 once processed). */
  type: string;
  /** The feed card's poster at the thumbnail's size, with twice it for 2x screens; null for a video stored before posters. */
  thumbnail: { src: string; srcSet: string } | null;
  /** The player's poster (640 px); null for a video stored before posters. */
  poster: string | null;
  /** Its length as shown ("0:12"); null when unknown. */
  duration: string | null;
};

/** A listing's status (a post with a price or Free). */
export type ListingStatusView = "available" | "pending" | "sold";

export type PostCardView = {
  id: string;
  text: TextBlock[];
  category: string | null;
  /** The category as shown ("Furniture"). */
  categoryLabel: string | null;
  author: AuthorView;
  time: TimeView;
  /** "$60", "$1,250 OBO", "Free"; null: not a listing. */
  price: string | null;
  status: ListingStatusView;
  /** Condition and pickup spot as shown ("Like new", "Texas Union, ground floor"). */
  condition: string | null;
  pickupSpot: string | null;
  /** A listing past 30 days without renewal or comment: out of the feed and search. */
  expired: boolean;
  /** When the author last edited it ("Edited"). */
  edited: TimeView | null;
  likeCount: number;
  commentCount: number;
  media: MediaView[];
  /** Whether the viewer has saved it. */
  saved: boolean;
  /** Hidden by reports until reviewed: only its author and the moderators see it (with a notice). */
  hidden: boolean;
  /** Textbook details, Must go by and the price before the weekly drops; null when the listing has none. */
  extras?: ListingExtrasView | null;
  /** A Wanted post (docs/product.md §7): its budget as shown ("Up to $40"); null for any other post. */
  wanted?: { budget: string | null } | null;
};

/** A listing's textbook and move-out details as cards and pages show them. */
export type ListingExtrasView = {
  /** "978-0-306-40615-7". */
  isbn: string | null;
  /** ["MATH 2924"]. */
  courses: string[];
  edition: string | null;
  /** "May 14", and the day itself for a <time>. */
  mustGoBy: string | null;
  mustGoByIso: string | null;
  /** The starting price, struck through beside the lowered one ("$60"). */
  wasPrice: string | null;
};

/** A post as a feed's card shows it. */
export type PostView = PostCardView & {
  saved: boolean;
};

/** A post or comment on its own page: a card and where it sits (the post it answers, its thread's top, the game or project it is about). */
export type PostPageView = PostView & {
  parentId: string | null;
  rootId: string | null;
  gameId: string | null;
  projectId: string | null;
};

export type ThreadNode<T> = T & {
  replies: ThreadNode<T>[];
  /** Shown at the last level, away from the comment it answers: that comment ("Replying to @username"). */
  replyingTo: { id: string; username: string } | null;
  /** A top-level comment with more replies than the page shows: the rest are on its own page. */
  moreReplies: boolean;
};

/** A comment as its thread shows it: text, author, time, photos and counts; a comment is never a listing. */
export type CommentView = Pick<PostPageView, "id" | "text" | "parentId" | "author" | "time" | "likeCount" | "commentCount" | "media" | "saved" | "hidden">;

export type CommentNode = ThreadNode<CommentView>;

/** One page of a thread: its top-level comments with their replies, and where the next page starts. */
export type ThreadPage = { comments: CommentNode[]; nextCursor: string | null };

/** What a reply's page shows above it: the top of its thread, a marker when ancestors are skipped, the nearest ones. */
export type ParentChain = { root: PostView | null; skipped: boolean; nearest: PostView[] };

export type PortfolioKind = "project" | "game";

export type PortfolioItemView = {
  kind: PortfolioKind;
  id: string;
  title: string;
  shortDescription: string;
  iconLink: string | null;
  bannerImg: string | null;
  githubLink: string | null;
  viewLink: string | null;
  gameLink: string | null;
  likeCount: number;
  commentCount: number;
  /** Whether the viewer has saved it. */
  saved: boolean;
  owner: AuthorView;
  /** The post's photos and videos (docs/product.md §17), in img_order. */
  gallery: MediaView[];
};

/** A flash message (docs/product.md §19), shown by the root after a redirect. */
export type AlertType = "success" | "okay" | "danger";
export type Alert = {
  id: string;
  type: AlertType;
  message: string;
  /** 7800 ms instead of 2600 ms (docs/product.md §19). */
  long?: boolean;
  /** For "Your post was sent.": the post the View link opens. */
  postId?: string;
};
export type AlertInput = Omit<Alert, "id">;

/** The listing a conversation is about, as its header and the inbox show it. */
export type ConversationItemView = {
  id: string;
  /** The start of the post's text ("" when it is unavailable). */
  text: string;
  price: string | null;
  status: ListingStatusView;
  /** Deleted, or hidden by reports from the viewer: shown as no longer available, without text, price or photo. */
  unavailable: boolean;
  /** The post's first photo, if any. */
  thumbnail: MediaView | null;
};

/** One private message, with its sender joined from users. */
export type MessageView = {
  id: string;
  text: string;
  sender: AuthorView;
  mine: boolean;
  time: TimeView;
};

/** The offer controls of a conversation about a listing, for one of its two members. */
export type OfferPanelView = {
  /** What the listing takes: offers (OBO), "firm" (shown as such), or none (Free, not a listing, no terms). */
  terms: "obo" | "firm" | "none";
  /** The viewer started the conversation (the buyer): they may make offers. */
  buyer: boolean;
  /** Why no offer can be made now (sold, pending with someone else), or null. */
  closed: string | null;
  /** This conversation's newest offer that is open, countered or accepted. */
  current: {
    id: string;
    status: "open" | "countered" | "accepted";
    /** "$45": the buyer's offer. */
    amount: string;
    /** "$40": the seller's counteroffer, if any. */
    counter: string | null;
    canAccept: boolean;
    canDecline: boolean;
    canCounter: boolean;
  } | null;
};

/** Someone who messaged the seller about a listing: a choice of "Who bought it?". */
export type BuyerChoiceView = { id: string; displayName: string; username: string };

/** A conversation for one of its two members. */
export type ConversationView = {
  id: string;
  other: AuthorView;
  item: ConversationItemView | null;
  /** The newest messages, oldest first. */
  messages: MessageView[];
  /** Older messages exist: the cursor of the page before these. */
  earlierCursor: string | null;
  /** The viewer blocked the other person. */
  youBlocked: boolean;
  /** Neither blocked the other. */
  canSend: boolean;
};

/** A row of the inbox (/messages). */
export type InboxEntryView = {
  id: string;
  other: AuthorView;
  item: ConversationItemView | null;
  /** The newest message's start; null before the first one. */
  lastMessage: { text: string; mine: boolean } | null;
  time: TimeView;
  unread: boolean;
};
/** What the post page tells its author about their listing (its status, renew and edit buttons). */
export type ListingControlsView = {
  status: ListingStatusView;
  /** The statuses it may move to, with their buttons ("Mark as sold"). */
  moves: { status: ListingStatusView; label: string }[];
  expired: boolean;
  renewable: boolean;
  /** When Renew comes back (48 hours after posting or the last renewal). */
  nextRenew: TimeView;
  /** Mark as sold's "Who bought it?": who messaged about it, the accepted offer's buyer preselected. */
  buyers: { choices: BuyerChoiceView[]; preselected: string | null };
  /** A Wanted post: Found it and Still looking apply at once (no "Who bought it?"). */
  wanted?: boolean;
};

/** The sign-up prompt a visitor's page opens (docs/product.md §19). */
export type SignUpPromptView = { title: string; text: string };

/** A card of the Saved page: a saved post, project or game, or what is left of one that is gone. */
export type SavedItemView = {
  /** "post:{id}", "project:{id}", "game:{id}": unique on the page. */
  id: string;
  kind: "post" | "project" | "game";
  /** Where the card leads; null when the item was removed (or is no longer there for the viewer). */
  href: string | null;
  title: string;
  /** The first photo (or video poster), or the project's or game's icon. */
  image: { src: string; srcSet: string | null } | null;
  /** "$60", "Free"; null when not a listing. */
  price: string | null;
  status: ListingStatusView;
  expired: boolean;
  /** A Wanted post: its budget ("Up to $40"), shown with the Wanted badge, Found or Expired. */
  wanted: { budget: string | null } | null;
  /** "This post was removed.": deleted, hidden by reports, or behind a block. */
  removed: string | null;
  savedAt: TimeView;
};
