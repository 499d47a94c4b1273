// Drizzle tables for SQLite. Times are epoch milliseconds. Nothing of a user is
// copied into posts, messages or notifications, and saves are rows, not arrays:
// everything joins `users` (docs/product.md §5, §8).
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer("created_at").notNull().default(now);

export const campuses = sqliteTable("campuses", {
  id: text("id").primaryKey(), // campus | ou | ut | smu | uf
  name: text("name").notNull(), // campus_name
  /** The school's email domain (campus_ext); the general campus has none. */
  emailDomain: text("email_domain"),
  /** Part of the hostname that selects this campus (oubuysell, …). */
  hostKey: text("host_key").notNull().unique(),
  privacy: text("privacy").notNull().default("private"),
  timeZone: text("time_zone").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** The roles of an account, least to most (app/models/permissions.server.ts says what each may do). */
export const userRoles = ["member", "moderator", "owner"] as const;
export type UserRole = (typeof userRoles)[number];

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    firstName: text("first_name").notNull(),
    middleName: text("middle_name"),
    /** Stored as an initial plus period (docs/product.md §3). */
    lastName: text("last_name").notNull(),
    username: text("username").notNull().unique(), // lowercase
    email: text("email").notNull().unique(), // lowercase
    schoolEmail: text("school_email"),
    gradYear: integer("grad_year"),
    phone: text("phone"),
    /** Storage key of the avatar, or an absolute URL (Google photo). */
    img: text("img"),
    bio: text("bio").notNull().default(""),
    /** External profile links as a JSON array of {label, url}. */
    links: text("links", { mode: "json" }).$type<{ label: string; url: string }[]>(),
    birthMonth: integer("birth_month"),
    birthDay: integer("birth_day"),
    birthYear: integer("birth_year"),
    profileSetUp: integer("profile_set_up", { mode: "boolean" }).notNull().default(false),
    gettingStarted: integer("getting_started", { mode: "boolean" }).notNull().default(true),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    schoolVerified: integer("school_verified", { mode: "boolean" }).notNull().default(false),
    type: text("type").notNull().default("individual"),
    emailNotifications: integer("email_notifications", { mode: "boolean" })
      .notNull()
      .default(true),
    /** Part of every unsubscribe link: raising it revokes the links sent before (email notifications back on, a new address). */
    unsubscribeVersion: integer("unsubscribe_version").notNull().default(0),
    totalPosts: integer("total_posts").notNull().default(0),
    totalGames: integer("total_games").notNull().default(0),
    totalProjects: integer("total_projects").notNull().default(0),
    /** What the account may do beyond a member's: review reports (moderator), and the owner's rights (one owner at most, the account the seed created, whatever its name becomes). */
    role: text("role", { enum: userRoles }).notNull().default("member"),
    /** Suspended by a moderator at this time: can read, not post, comment, message or save. */
    suspendedAt: integer("suspended_at"),
    /** The suspension ends at this time; null with suspended_at set: permanent. */
    suspendedUntil: integer("suspended_until"),
    /** Why, as the suspended user is told. */
    suspensionReason: text("suspension_reason"),
    /** Reported by enough school-verified users: left out of people search until reviewed. */
    hiddenAt: integer("hidden_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("users_campus_idx").on(t.campusId), index("users_img_idx").on(t.img), uniqueIndex("users_one_owner_role").on(t.role).where(sql`role = 'owner'`)],
);

export const passwords = sqliteTable("passwords", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hash: text("hash").notNull(),
  updatedAt: integer("updated_at").notNull().default(now),
});

/** Sign-in providers other than email (Google). */
export const connections = sqliteTable(
  "connections",
  {
    provider: text("provider").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerId] })],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One-time codes and links: sign-up, reset, magic link, email change, school email. */
export const verifications = sqliteTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    target: text("target").notNull(), // the email address it was sent to
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("verifications_target_idx").on(t.type, t.target)],
);

/**
 * Posts, and comments (posts with a parent). `rootId` is the top-level post of
 * a thread so a whole thread loads in one query; comments on a game or project
 * carry `gameId` / `projectId` instead (and on every reply below them).
 */
export const posts = sqliteTable(
  "posts",
  {
    id: text("id").primaryKey(),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentId: text("parent_id"),
    rootId: text("root_id"),
    gameId: text("game_id"),
    projectId: text("project_id"),
    /** Rich text as a JSON list of blocks {text, marks?} (docs/product.md §6). */
    text: text("text", { mode: "json" }).$type<{ text: string; marks?: string[] }[]>().notNull(),
    category: text("category"),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    imgCount: integer("img_count").notNull().default(0),
    vidCount: integer("vid_count").notNull().default(0),
    createdAt: createdAt(),
    /** Last activity: itself or any reply below it (what orders the feed, docs/product.md §6). */
    lastActivityAt: integer("last_activity_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    /** Tombstone so a link to a deleted post can say so. */
    deletedAt: integer("deleted_at"),
    // A listing is a top-level post with a price or Free; comments have none of these.
    /** The asking price in cents (0 when Free); null: not a listing. */
    priceCents: integer("price_cents"),
    isFree: integer("is_free", { mode: "boolean" }).notNull().default(false),
    priceTerms: text("price_terms", { enum: ["firm", "obo"] }),
    condition: text("condition", { enum: ["new", "like-new", "good", "fair", "for-parts"] }),
    /** An id from app/data/pickup-spots.ts, of the post's campus. */
    pickupSpot: text("pickup_spot"),
    status: text("status", { enum: ["available", "pending", "sold"] }).notNull().default("available"),
    /** The author last changed text, price, photos…: shown as "Edited". */
    editedAt: integer("edited_at"),
    /** The author last renewed the listing (it moved back to the top: last_activity_at too). */
    renewedAt: integer("renewed_at"),
    /** The expiry reminder email went out for the listing's activity at this time (one per expiry). */
    renewalRemindedAt: integer("renewal_reminded_at"),
    /** Reported by enough school-verified users: hidden from everyone but its author and moderators until reviewed. */
    hiddenAt: integer("hidden_at"),
    // Textbooks (docs/product.md §7): ISBN-13 digits, course codes ("MATH 2924,CS 1313"), edition.
    isbn: text("isbn"),
    courseCodes: text("course_codes"),
    edition: text("edition"),
    /** Must go by (a date, "2026-05-14", in the campus's time zone): past it the listing expires. */
    mustGoBy: text("must_go_by"),
    /** The weekly price drop: the starting price, the floor and when the schedule began (null: no schedule). */
    originalPriceCents: integer("original_price_cents"),
    priceFloorCents: integer("price_floor_cents"),
    priceScheduleFrom: integer("price_schedule_from"),
    // Wanted posts (docs/product.md §7): not listings (no price); "Up to $" in cents. Course codes and ISBN above.
    kind: text("kind", { enum: ["wanted"] }),
    wantedBudgetCents: integer("wanted_budget_cents"),
  },
  (t) => [
    index("posts_feed_idx")
      .on(t.campusId, t.lastActivityAt, t.id)
      .where(sql`parent_id is null and game_id is null and project_id is null and deleted_at is null`),
    index("posts_category_feed_idx")
      .on(t.campusId, t.category, t.lastActivityAt, t.id)
      .where(sql`parent_id is null and game_id is null and project_id is null and deleted_at is null`),
    index("posts_author_feed_idx")
      .on(t.authorId, t.campusId, t.lastActivityAt, t.id)
      .where(sql`parent_id is null and game_id is null and project_id is null and deleted_at is null`),
    index("posts_author_videos_idx")
      .on(t.authorId, t.campusId, t.vidCount, t.createdAt)
      .where(sql`vid_count > 0 and deleted_at is null`),
    // The price sorts and price filters walk this, priced listings only (Free is 0).
    index("posts_price_idx")
      .on(t.campusId, t.priceCents, t.id)
      .where(sql`parent_id is null and game_id is null and project_id is null and deleted_at is null and price_cents is not null`),
    // The "Must go soonest" sort: listings with a date, soonest first (keyset).
    index("posts_must_go_idx")
      .on(t.campusId, t.mustGoBy, t.id)
      .where(sql`parent_id is null and game_id is null and project_id is null and deleted_at is null and must_go_by is not null`),
    // The weekly price drop job walks the listings with a schedule, every campus.
    index("posts_price_schedule_idx")
      .on(t.priceScheduleFrom)
      .where(sql`price_schedule_from is not null and deleted_at is null`),
    // Listings by last activity, every campus: the expiry reminder job.
    index("posts_listing_activity_idx")
      .on(t.lastActivityAt)
      .where(sql`parent_id is null and game_id is null and project_id is null and deleted_at is null and price_cents is not null`),
    // The Wanted feed filter and the wanted posts' renewal reminders.
    index("posts_wanted_idx")
      .on(t.campusId, t.lastActivityAt, t.id)
      .where(sql`kind = 'wanted' and parent_id is null and deleted_at is null`),
    index("posts_root_idx").on(t.rootId),
    // A thread's page walks these in order: the replies to one post or comment, oldest first (keyset).
    index("posts_parent_idx").on(t.parentId, t.createdAt, t.id),
    index("posts_game_idx").on(t.gameId, t.createdAt, t.id),
    index("posts_project_idx").on(t.projectId, t.createdAt, t.id),
  ],
);

/** Uploaded photos and videos (img_gallery) of posts, games and projects. */
export const media = sqliteTable(
  "media",
  {
    id: text("id").primaryKey(),
    postId: text("post_id").references(() => posts.id, { onDelete: "cascade" }),
    gameId: text("game_id"),
    projectId: text("project_id"),
    kind: text("kind", { enum: ["image", "video"] }).notNull(),
    /** Storage key of the original (video) or the base name of the variants (image). */
    path: text("path").notNull(),
    name: text("name").notNull(), // img_name: the original file name
    order: integer("img_order").notNull(), // starts at 1
    width: integer("width"),
    height: integer("height"),
    /** Widths of the WebP variants available for an image. */
    variants: text("variants", { mode: "json" }).$type<number[]>(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    /** The author's description of a photo, its `alt` (up to 250 characters). */
    alt: text("alt"),
    /**
     * A video is "processing" from its upload until its MP4 and posters are stored;
     * only its author sees it then (docs/product.md, videos). Photos are always "ready".
     */
    status: text("status", { enum: ["ready", "processing"] }).notNull().default("ready"),
    /** A video's length in milliseconds, once processed. */
    durationMs: integer("duration_ms"),
    /** Base storage key of a video's WebP posters, stored as `{posterPath}-{width}.webp`. */
    posterPath: text("poster_path"),
    /** Widths of the posters available for a video (the feed thumbnail, twice it, 640 px). */
    posterVariants: text("poster_variants", { mode: "json" }).$type<number[]>(),
    createdAt: createdAt(),
  },
  (t) => [index("media_post_idx").on(t.postId, t.order), index("media_path_idx").on(t.path)],
);

/**
 * One background job per uploaded video: transcode it to MP4 and make its posters.
 * Any app process may claim a queued job (or one whose lease ran out, after a crash);
 * the job row goes with its media row.
 */
export const videoJobs = sqliteTable(
  "video_jobs",
  {
    id: text("id").primaryKey(),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** Not claimed before this time (retries wait a little). */
    runAfter: integer("run_after").notNull().default(now),
    claimedBy: text("claimed_by"),
    /** A running job whose lease has passed is taken again by any process. */
    leaseUntil: integer("lease_until"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: integer("finished_at"),
  },
  (t) => [uniqueIndex("video_jobs_media_idx").on(t.mediaId), index("video_jobs_queue_idx").on(t.status, t.runAfter)],
);

export const likeTargets = ["post", "game", "project"] as const;
export type LikeTarget = (typeof likeTargets)[number];

export const likes = sqliteTable(
  "likes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: likeTargets }).notNull(),
    targetId: text("target_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetType, t.targetId] }),
    index("likes_target_idx").on(t.targetType, t.targetId),
    // The Saved page: a user's saves, newest first.
    index("likes_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Rows for content/projects/*.mdx; the id is the file name. */
export const projects = sqliteTable("projects", {
  id: text("id").primaryKey(),
  ownerId: text("owner_id")
    .notNull()
    .references(() => users.id),
  title: text("title").notNull(),
  shortDescription: text("short_description").notNull(),
  githubLink: text("github_link"),
  viewLink: text("view_link"),
  iconLink: text("icon_link"),
  bannerImg: text("banner_img"),
  likeCount: integer("like_count").notNull().default(0),
  commentCount: integer("comment_count").notNull().default(0),
  createdAt: integer("created_at").notNull(),
  /** The file is gone from content/: keep the row for its likes and comments. */
  hiddenAt: integer("hidden_at"),
  /** Deleted by the owner: stays deleted while the file is still there. */
  deletedAt: integer("deleted_at"),
});

/** Rows for content/games/*.mdx; the id is the file name. */
export const games = sqliteTable("games", {
  id: text("id").primaryKey(),
  ownerId: text("owner_id")
    .notNull()
    .references(() => users.id),
  title: text("title").notNull(),
  shortDescription: text("short_description").notNull(),
  gameLink: text("game_link").notNull(),
  iconLink: text("icon_link"),
  likeCount: integer("like_count").notNull().default(0),
  commentCount: integer("comment_count").notNull().default(0),
  createdAt: integer("created_at").notNull(),
  hiddenAt: integer("hidden_at"),
  deletedAt: integer("deleted_at"),
});

export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who acted; null on a moderators' notice, which names no moderator. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "cascade" }),
    type: text("type", {
      enum: ["comment", "comment reply", "comment interaction", "post interaction", "message", "moderation", "video", "review", "saved search", "price drop"],
    }).notNull(),
    postId: text("post_id"),
    gameId: text("game_id"),
    projectId: text("project_id"),
    message: text("message").notNull(),
    readAt: integer("read_at"),
    createdAt: createdAt(),
    /**
     * Set on a notification an actor causes once only (a save: re-saving, even
     * after un-saving, does not notify again); unique per actor.
     */
    onceKey: text("once_key"),
    /** A "message" notification's conversation. */
    chatId: text("chat_id").references(() => chats.id, { onDelete: "cascade" }),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt), uniqueIndex("notifications_once_idx").on(t.actorId, t.onceKey)],
);

/**
 * When an actor's action last emailed the owner of an item, per kind of email
 * (comment, comment reply, like): at most one such email a day.
 */
export const notificationEmails = sqliteTable(
  "notification_emails",
  {
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What the email is about: "post:{id}", "game:{id}" or "project:{id}". */
    item: text("item").notNull(),
    kind: text("kind").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.item, t.kind] })],
);

/**
 * A private conversation between two users about a listing (docs/product.md §10). The
 * starter (the buyer) opens it from the post; the other member is the post's
 * author. One per post and starter: a second "Message seller" reuses it.
 */
export const chats = sqliteTable(
  "chats",
  {
    id: text("id").primaryKey(),
    /** The listing it is about (kept as a tombstone when deleted). */
    postId: text("post_id").references(() => posts.id, { onDelete: "set null" }),
    /** Who started it from the post (the buyer). */
    starterId: text("starter_id").references(() => users.id, { onDelete: "cascade" }),
    /** The post's author (the seller). */
    sellerId: text("seller_id").references(() => users.id, { onDelete: "cascade" }),
    /** The newest message, for the inbox's excerpt (one join, no query per conversation). */
    lastMessageId: text("last_message_id"),
    lastMessageAt: integer("last_message_at"),
    /** The buyer's first message; with `first_reply_at`, the seller card's reply time (one aggregate, no query per conversation). */
    firstMessageAt: integer("first_message_at"),
    /** The seller's first message after the buyer's first one. */
    firstReplyAt: integer("first_reply_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("chats_post_starter_idx").on(t.postId, t.starterId), index("chats_seller_first_message_idx").on(t.sellerId, t.firstMessageAt)],
);

/**
 * The two members of a conversation, one row each: also each one's inbox
 * entry. `last_activity_at` is the conversation's last message (or, for the
 * starter, its opening) as this member's inbox orders it; null keeps it out of
 * the inbox (the seller's, until the first message). Unread: activity after
 * `last_read_at` (sending marks your own side read).
 */
export const chatMembers = sqliteTable(
  "chat_members",
  {
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadAt: integer("last_read_at"),
    lastActivityAt: integer("last_activity_at"),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    index("chat_members_inbox_idx").on(t.userId, t.lastActivityAt, t.chatId),
    index("chat_members_unread_idx")
      .on(t.userId)
      .where(sql`last_activity_at > coalesce(last_read_at, 0)`),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    /** An offer event (made, countered, accepted, declined): the offer it is about, else null. */
    offerId: text("offer_id"),
    createdAt: createdAt(),
  },
  (t) => [index("messages_chat_idx").on(t.chatId, t.createdAt)],
);

/**
 * An offer on an OBO listing, made by a buyer in their conversation with the
 * seller. One open offer per buyer and listing (a new one supersedes it);
 * `counter_cents` is the seller's counteroffer. Accepting one marks the
 * listing pending, reserved for that buyer.
 */
export const offers = sqliteTable(
  "offers",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    counterCents: integer("counter_cents"),
    status: text("status", { enum: ["open", "countered", "accepted", "declined", "superseded"] }).notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    index("offers_post_idx").on(t.postId, t.status),
    index("offers_chat_idx").on(t.chatId, t.createdAt),
    // One open (or countered) offer per buyer and listing.
    uniqueIndex("offers_one_open_idx").on(t.postId, t.buyerId).where(sql`status in ('open', 'countered')`),
  ],
);

/**
 * A recorded sale: the seller marked the listing sold to one of the people who
 * messaged about it. What reviews hang on (only the two of a sale review each
 * other). Undoing the sale (available again within 48 hours) deletes the row.
 */
export const sales = sqliteTable(
  "sales",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The conversation the two had about the listing. */
    chatId: text("chat_id").references(() => chats.id, { onDelete: "set null" }),
    /** The accepted offer, or the asking price (0 when Free). */
    priceCents: integer("price_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sales_post_idx").on(t.postId, t.createdAt),
    index("sales_seller_idx").on(t.sellerId, t.createdAt),
    index("sales_buyer_idx").on(t.buyerId, t.createdAt),
  ],
);

/**
 * A review one side of a sale wrote about the other (one per side per sale).
 * Double-blind: hidden from everyone but its writer until `visible_at`, which
 * is the sale's time plus 14 days, brought forward to the moment the second
 * side's review arrives. The reviewed person may answer once. `removed_at`:
 * taken down by a moderator after reports (no longer shown or counted).
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    saleId: text("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    reviewerId: text("reviewer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    revieweeId: text("reviewee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The reviewer's side of the sale. */
    role: text("role", { enum: ["buyer", "seller"] }).notNull(),
    /** 1 to 5 stars. */
    rating: integer("rating").notNull(),
    text: text("text"),
    answer: text("answer"),
    answeredAt: integer("answered_at"),
    visibleAt: integer("visible_at").notNull(),
    removedAt: integer("removed_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("reviews_one_per_side").on(t.saleId, t.reviewerId),
    index("reviews_reviewee_idx").on(t.revieweeId, t.createdAt, t.id),
    // The rating (average and count of the shown ones) read from the index alone.
    index("reviews_rating_idx").on(t.revieweeId, t.visibleAt, t.removedAt, t.rating),
  ],
);

/**
 * Who blocked whom. A block works both ways (no messages, no posts or comments
 * in feeds, threads and search, no notifications), but only the blocker can lift it.
 */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked_idx").on(t.blockedId, t.blockerId)],
);

/** The outbox: every email is a row here first (docs/product.md §16). */
export const mail = sqliteTable(
  "mail",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    kind: text("kind").notNull(),
    status: text("status", { enum: ["queued", "sending", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull().default(now),
    claimedBy: text("claimed_by"),
    claimedAt: integer("claimed_at"),
    lastError: text("last_error"),
    providerId: text("provider_id"),
    createdAt: createdAt(),
    sentAt: integer("sent_at"),
  },
  (t) => [
    index("mail_to_idx").on(t.to, t.createdAt),
    index("mail_queue_idx").on(t.status, t.nextAttemptAt),
  ],
);

export const reportTargets = ["post", "comment", "user", "chat", "review"] as const;
export type ReportTarget = (typeof reportTargets)[number];
export const reportReasons = ["scam", "prohibited", "harassment", "spam", "wrong-category", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

/**
 * A report of a post, a comment, a profile or a conversation, one per reporter
 * and item, open until a moderator dismisses it or upholds it (removes the
 * item). The target is not a foreign key: an upheld report outlives the item,
 * as part of its author's history.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: text("id").primaryKey(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The reported item's author (the profile itself, or the other member of a conversation). */
    reportedUserId: text("reported_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: reportTargets }).notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason", { enum: reportReasons }).notNull(),
    /** The reporter's optional note (up to 500 characters). */
    note: text("note"),
    /** A reported conversation (Report in /messages/{id}). */
    chatId: text("chat_id").references(() => chats.id, { onDelete: "set null" }),
    status: text("status", { enum: ["open", "dismissed", "upheld"] }).notNull().default("open"),
    resolvedAt: integer("resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_one_per_reporter").on(t.reporterId, t.targetType, t.targetId),
    index("reports_target_idx").on(t.targetType, t.targetId, t.status),
    index("reports_status_idx").on(t.status, t.createdAt),
    index("reports_reported_user_idx").on(t.reportedUserId, t.status),
  ],
);

/** What a moderator did about an item (who, when, what), listed under the item's entry in the queue. */
export const moderationActions = sqliteTable(
  "moderation_actions",
  {
    id: text("id").primaryKey(),
    moderatorId: text("moderator_id").references(() => users.id, { onDelete: "set null" }),
    targetType: text("target_type", { enum: reportTargets }).notNull(),
    targetId: text("target_id").notNull(),
    /** The item's author, whom a suspension or removal concerned. */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: ["dismiss", "remove", "suspend", "unsuspend", "make-moderator", "remove-moderator"] }).notNull(),
    /** The reason given, or the suspension's length. */
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_actions_target_idx").on(t.targetType, t.targetId, t.createdAt)],
);

export const bannedEmails = sqliteTable("banned_emails", {
  email: text("email").primaryKey(), // lowercase
  createdAt: createdAt(),
});

/** Fixed-window counters for abuse limits; survive restarts (docs/product.md §21). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: integer("expire"),
});

/** First-party analytics: the event names of docs/product.md §20 and page views; no personal data beyond the user id. */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    userId: text("user_id"),
    campusId: text("campus_id"),
    path: text("path"),
    createdAt: createdAt(),
  },
  (t) => [index("events_name_idx").on(t.name, t.createdAt)],
);

/**
 * Background jobs that only one process may run at a time (the storage sweep):
 * a process holds the job while `lease_until` is in the future, claimed with one
 * UPDATE that only succeeds once the previous lease ran out.
 */
/** A campus's move-out weeks (docs/product.md §7): dates in its time zone, both ends included. */
export const moveOutWeeks = sqliteTable(
  "move_out_weeks",
  {
    id: text("id").primaryKey(),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    startsOn: text("starts_on").notNull(),
    endsOn: text("ends_on").notNull(),
  },
  (t) => [index("move_out_weeks_campus_idx").on(t.campusId, t.endsOn)],
);

export const jobLeases = sqliteTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder"),
  leaseUntil: integer("lease_until").notNull().default(0),
});

export const savedSearchNotify = ["instant", "daily", "off"] as const;

/**
 * A search a user saved on one campus (docs/product.md §25): its words (normalised, space-separated; empty for filters only) and
 * the feed filters that take part in matching. `key` is all of it in one
 * string, so the same search saved twice is one row. A Wanted post may own one
 * (`wanted_post_id`): it then alerts its author through the same matching.
 */
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    query: text("query").notNull().default(""),
    /** How many rows of saved_search_terms a post must match (0: filters only). */
    termCount: integer("term_count").notNull(),
    /** The TERMS_VERSION (app/utils/search-words.ts) its terms rows were made by; older ones are indexed again at start. */
    termsVersion: integer("terms_version").notNull().default(1),
    category: text("category"),
    minCents: integer("min_cents"),
    maxCents: integer("max_cents"),
    freeOnly: integer("free_only", { mode: "boolean" }).notNull().default(false),
    condition: text("condition"),
    notify: text("notify", { enum: savedSearchNotify }).notNull().default("instant"),
    key: text("key").notNull(),
    wantedPostId: text("wanted_post_id").references(() => posts.id, { onDelete: "cascade" }),
    /** When the last alert email (hourly, or the daily digest) went out. */
    lastEmailedAt: integer("last_emailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_searches_user_key_idx").on(t.userId, t.campusId, t.key),
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    // A Wanted post's searches: replaced on edit, read to give one alert per wanted post and listing.
    index("saved_searches_wanted_idx").on(t.wantedPostId).where(sql`wanted_post_id is not null`),
    // Searches without words are matched by their filter columns alone.
    index("saved_searches_filters_idx").on(t.campusId, t.category).where(sql`term_count = 0`),
  ],
);

/**
 * The matching index of saved searches: one row per word of each search; the
 * last one, which matches as a prefix, is stored with a "*" after it ("lam*"),
 * which no word contains. A new post looks up its words and its prefixes with
 * a "*" in one IN list over the match index, which covers the query.
 */
export const savedSearchTerms = sqliteTable(
  "saved_search_terms",
  {
    campusId: text("campus_id").notNull(),
    term: text("term").notNull(),
    savedSearchId: text("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    /** The search's term count, copied here so matching counts its terms without reading the search. */
    termCount: integer("term_count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.term] }),
    // Covers matching: the post's terms in one IN list, grouped by search, complete ones kept.
    index("saved_search_terms_match_idx").on(t.campusId, t.term, t.savedSearchId, t.termCount),
  ],
);

/**
 * Listings waiting to be matched against the saved searches (posted, renewed or
 * shown again): written in that change's transaction, claimed by any process.
 */
export const listingAlertJobs = sqliteTable(
  "listing_alert_jobs",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "running", "done"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    runAfter: integer("run_after").notNull().default(now),
    claimedBy: text("claimed_by"),
    leaseUntil: integer("lease_until"),
    createdAt: createdAt(),
  },
  (t) => [index("listing_alert_jobs_queue_idx").on(t.status, t.runAfter)],
);

/**
 * A listing a saved search matched: once per search and post. `notified_at`:
 * the in-app notification went out; `mailed_at`: the email batch took it.
 */
export const savedSearchHits = sqliteTable(
  "saved_search_hits",
  {
    savedSearchId: text("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    notifiedAt: integer("notified_at"),
    mailedAt: integer("mailed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.postId] }),
    index("saved_search_hits_post_idx").on(t.postId),
    index("saved_search_hits_pending_idx").on(t.savedSearchId).where(sql`mailed_at is null`),
  ],
);

/** One browser (device) that turned on push notifications; a user has one per device. */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The push service's URL for this browser: unique, so a browser that signs in as someone else moves to them. */
    endpoint: text("endpoint").notNull(),
    /** The browser's public key (P-256, base64url) and auth secret the payload is encrypted for. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/** Which notifications a user wants pushed; no row: all of them. */
export const pushPreferences = sqliteTable("push_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  messages: integer("messages", { mode: "boolean" }).notNull().default(true),
  alerts: integer("alerts", { mode: "boolean" }).notNull().default(true),
  other: integer("other", { mode: "boolean" }).notNull().default(true),
});

/** The push outbox: one row per notification and device, sent by a background worker (a lease, like video jobs). */
export const pushDeliveries = sqliteTable(
  "push_deliveries",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url").notNull(),
    status: text("status", { enum: ["queued", "sending", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    runAfter: integer("run_after").notNull().default(now),
    claimedBy: text("claimed_by"),
    leaseUntil: integer("lease_until"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("push_deliveries_queue_idx").on(t.status, t.runAfter), index("push_deliveries_subscription_idx").on(t.subscriptionId)],
);
