// Drizzle tables for PostgreSQL: the same tables, columns, keys and indexes as
// ./sqlite.ts (tests/unit/schema-parity.test.ts keeps them in step). Times are
// epoch milliseconds in `bigint` columns read back as numbers; flags are real
// booleans; JSON is `jsonb`.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uniqueIndex,
  text,
} from "drizzle-orm/pg-core";

const now = sql`((extract(epoch from clock_timestamp()) * 1000)::bigint)`;
/** An epoch-milliseconds time. */
const time = (name: string) => bigint(name, { mode: "number" });
const createdAt = () => time("created_at").notNull().default(now);

export const campuses = pgTable("campuses", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  emailDomain: text("email_domain"),
  hostKey: text("host_key").notNull().unique(),
  privacy: text("privacy").notNull().default("private"),
  timeZone: text("time_zone").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** The roles of an account, least to most (app/models/permissions.server.ts says what each may do). */
export const userRoles = ["member", "moderator", "owner"] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    firstName: text("first_name").notNull(),
    middleName: text("middle_name"),
    lastName: text("last_name").notNull(),
    username: text("username").notNull().unique(),
    email: text("email").notNull().unique(),
    schoolEmail: text("school_email"),
    gradYear: integer("grad_year"),
    phone: text("phone"),
    img: text("img"),
    bio: text("bio").notNull().default(""),
    links: jsonb("links").$type<{ label: string; url: string }[]>(),
    birthMonth: integer("birth_month"),
    birthDay: integer("birth_day"),
    birthYear: integer("birth_year"),
    profileSetUp: boolean("profile_set_up").notNull().default(false),
    gettingStarted: boolean("getting_started").notNull().default(true),
    verified: boolean("verified").notNull().default(false),
    schoolVerified: boolean("school_verified").notNull().default(false),
    type: text("type").notNull().default("individual"),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    /** Part of every unsubscribe link: raising it revokes the links sent before (email notifications back on, a new address). */
    unsubscribeVersion: integer("unsubscribe_version").notNull().default(0),
    totalPosts: integer("total_posts").notNull().default(0),
    totalGames: integer("total_games").notNull().default(0),
    totalProjects: integer("total_projects").notNull().default(0),
    /** What the account may do beyond a member's: review reports (moderator), and the owner's rights (one owner at most, the account the seed created, whatever its name becomes). */
    role: text("role", { enum: userRoles }).notNull().default("member"),
    /** Suspended by a moderator at this time: can read, not post, comment, message or save. */
    suspendedAt: time("suspended_at"),
    /** The suspension ends at this time; null with suspended_at set: permanent. */
    suspendedUntil: time("suspended_until"),
    /** Why, as the suspended user is told. */
    suspensionReason: text("suspension_reason"),
    /** Reported by enough school-verified users: left out of people search until reviewed. */
    hiddenAt: time("hidden_at"),
    createdAt: createdAt(),
    updatedAt: time("updated_at").notNull().default(now),
  },
  (t) => [index("users_campus_idx").on(t.campusId), index("users_img_idx").on(t.img), uniqueIndex("users_one_owner_role").on(t.role).where(sql`role = 'owner'`)],
);

export const passwords = pgTable("passwords", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hash: text("hash").notNull(),
  updatedAt: time("updated_at").notNull().default(now),
});

export const connections = pgTable(
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

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    target: text("target").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    payload: jsonb("payload").$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: time("expires_at").notNull(),
    usedAt: time("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("verifications_target_idx").on(t.type, t.target)],
);

const topLevelPost = sql`parent_id is null and game_id is null and project_id is null and deleted_at is null`;
const pricedListing = sql`parent_id is null and game_id is null and project_id is null and deleted_at is null and price_cents is not null`;

export const posts = pgTable(
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
    text: jsonb("text").$type<{ text: string; marks?: string[] }[]>().notNull(),
    category: text("category"),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    imgCount: integer("img_count").notNull().default(0),
    vidCount: integer("vid_count").notNull().default(0),
    createdAt: createdAt(),
    lastActivityAt: time("last_activity_at").notNull().default(now),
    updatedAt: time("updated_at").notNull().default(now),
    deletedAt: time("deleted_at"),
    priceCents: integer("price_cents"),
    isFree: boolean("is_free").notNull().default(false),
    priceTerms: text("price_terms", { enum: ["firm", "obo"] }),
    condition: text("condition", { enum: ["new", "like-new", "good", "fair", "for-parts"] }),
    pickupSpot: text("pickup_spot"),
    status: text("status", { enum: ["available", "pending", "sold"] }).notNull().default("available"),
    editedAt: time("edited_at"),
    renewedAt: time("renewed_at"),
    renewalRemindedAt: time("renewal_reminded_at"),
    /** Reported by enough school-verified users: hidden from everyone but its author and moderators until reviewed. */
    hiddenAt: time("hidden_at"),
    isbn: text("isbn"),
    courseCodes: text("course_codes"),
    edition: text("edition"),
    mustGoBy: text("must_go_by"),
    originalPriceCents: integer("original_price_cents"),
    priceFloorCents: integer("price_floor_cents"),
    priceScheduleFrom: time("price_schedule_from"),
    kind: text("kind", { enum: ["wanted"] }),
    wantedBudgetCents: integer("wanted_budget_cents"),
  },
  (t) => [
    index("posts_feed_idx").on(t.campusId, t.lastActivityAt, t.id).where(topLevelPost),
    index("posts_category_feed_idx").on(t.campusId, t.category, t.lastActivityAt, t.id).where(topLevelPost),
    index("posts_author_feed_idx").on(t.authorId, t.campusId, t.lastActivityAt, t.id).where(topLevelPost),
    index("posts_author_videos_idx")
      .on(t.authorId, t.campusId, t.vidCount, t.createdAt)
      .where(sql`vid_count > 0 and deleted_at is null`),
    index("posts_price_idx").on(t.campusId, t.priceCents, t.id).where(pricedListing),
    index("posts_must_go_idx").on(t.campusId, t.mustGoBy, t.id).where(sql`${topLevelPost} and must_go_by is not null`),
    index("posts_price_schedule_idx").on(t.priceScheduleFrom).where(sql`price_schedule_from is not null and deleted_at is null`),
    index("posts_listing_activity_idx").on(t.lastActivityAt).where(pricedListing),
    index("posts_wanted_idx").on(t.campusId, t.lastActivityAt, t.id).where(sql`kind = 'wanted' and parent_id is null and deleted_at is null`),
    index("posts_root_idx").on(t.rootId),
    // A thread's page walks these in order: the replies to one post or comment, oldest first (keyset).
    index("posts_parent_idx").on(t.parentId, t.createdAt, t.id),
    index("posts_game_idx").on(t.gameId, t.createdAt, t.id),
    index("posts_project_idx").on(t.projectId, t.createdAt, t.id),
  ],
);

export const media = pgTable(
  "media",
  {
    id: text("id").primaryKey(),
    postId: text("post_id").references(() => posts.id, { onDelete: "cascade" }),
    gameId: text("game_id"),
    projectId: text("project_id"),
    kind: text("kind", { enum: ["image", "video"] }).notNull(),
    path: text("path").notNull(),
    name: text("name").notNull(),
    order: integer("img_order").notNull(),
    width: integer("width"),
    height: integer("height"),
    variants: jsonb("variants").$type<number[]>(),
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
    posterVariants: jsonb("poster_variants").$type<number[]>(),
    createdAt: createdAt(),
  },
  (t) => [index("media_post_idx").on(t.postId, t.order), index("media_path_idx").on(t.path)],
);

/**
 * One background job per uploaded video: transcode it to MP4 and make its posters.
 * Any app process may claim a queued job (or one whose lease ran out, after a crash);
 * the job row goes with its media row.
 */
export const videoJobs = pgTable(
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
    runAfter: time("run_after").notNull().default(now),
    claimedBy: text("claimed_by"),
    /** A running job whose lease has passed is taken again by any process. */
    leaseUntil: time("lease_until"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: time("finished_at"),
  },
  (t) => [uniqueIndex("video_jobs_media_idx").on(t.mediaId), index("video_jobs_queue_idx").on(t.status, t.runAfter)],
);

export const likeTargets = ["post", "game", "project"] as const;
export type LikeTarget = (typeof likeTargets)[number];

export const likes = pgTable(
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

export const projects = pgTable("projects", {
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
  createdAt: time("created_at").notNull(),
  hiddenAt: time("hidden_at"),
  deletedAt: time("deleted_at"),
});

export const games = pgTable("games", {
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
  createdAt: time("created_at").notNull(),
  hiddenAt: time("hidden_at"),
  deletedAt: time("deleted_at"),
});

export const notifications = pgTable(
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
    readAt: time("read_at"),
    createdAt: createdAt(),
    /**
     * Set on a notification an actor causes once only (a save: re-saving, even
     * after un-saving, does not notify again); unique per actor.
     */
    onceKey: text("once_key"),
    chatId: text("chat_id").references(() => chats.id, { onDelete: "cascade" }),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt), uniqueIndex("notifications_once_idx").on(t.actorId, t.onceKey)],
);

/**
 * When an actor's action last emailed the owner of an item, per kind of email
 * (comment, comment reply, like): at most one such email a day.
 */
export const notificationEmails = pgTable(
  "notification_emails",
  {
    actorId: text("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What the email is about: "post:{id}", "game:{id}" or "project:{id}". */
    item: text("item").notNull(),
    kind: text("kind").notNull(),
    sentAt: time("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.item, t.kind] })],
);

export const chats = pgTable(
  "chats",
  {
    id: text("id").primaryKey(),
    postId: text("post_id").references(() => posts.id, { onDelete: "set null" }),
    starterId: text("starter_id").references(() => users.id, { onDelete: "cascade" }),
    sellerId: text("seller_id").references(() => users.id, { onDelete: "cascade" }),
    lastMessageId: text("last_message_id"),
    lastMessageAt: time("last_message_at"),
    /** The buyer's first message; with `first_reply_at`, the seller card's reply time (one aggregate, no query per conversation). */
    firstMessageAt: time("first_message_at"),
    /** The seller's first message after the buyer's first one. */
    firstReplyAt: time("first_reply_at"),
    createdAt: createdAt(),
    updatedAt: time("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("chats_post_starter_idx").on(t.postId, t.starterId), index("chats_seller_first_message_idx").on(t.sellerId, t.firstMessageAt)],
);

export const chatMembers = pgTable(
  "chat_members",
  {
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadAt: time("last_read_at"),
    lastActivityAt: time("last_activity_at"),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    index("chat_members_inbox_idx").on(t.userId, t.lastActivityAt, t.chatId),
    index("chat_members_unread_idx")
      .on(t.userId)
      .where(sql`last_activity_at > coalesce(last_read_at, 0)`),
  ],
);

export const messages = pgTable(
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
export const offers = pgTable(
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
    updatedAt: time("updated_at").notNull().default(now),
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
export const sales = pgTable(
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
export const reviews = pgTable(
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
    answeredAt: time("answered_at"),
    visibleAt: time("visible_at").notNull(),
    removedAt: time("removed_at"),
    createdAt: createdAt(),
    updatedAt: time("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("reviews_one_per_side").on(t.saleId, t.reviewerId),
    index("reviews_reviewee_idx").on(t.revieweeId, t.createdAt, t.id),
    // The rating (average and count of the shown ones) read from the index alone.
    index("reviews_rating_idx").on(t.revieweeId, t.visibleAt, t.removedAt, t.rating),
  ],
);

export const blocks = pgTable(
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

export const mail = pgTable(
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
    nextAttemptAt: time("next_attempt_at").notNull().default(now),
    claimedBy: text("claimed_by"),
    claimedAt: time("claimed_at"),
    lastError: text("last_error"),
    providerId: text("provider_id"),
    createdAt: createdAt(),
    sentAt: time("sent_at"),
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
export const reports = pgTable(
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
    resolvedAt: time("resolved_at"),
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
export const moderationActions = pgTable(
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

export const bannedEmails = pgTable("banned_emails", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

/**
 * Fixed-window counters (docs/product.md §21). rate-limiter-flexible's Postgres store
 * writes this table by column position: key text, points int, expire bigint.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: time("expire"),
});

export const events = pgTable(
  "events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    userId: text("user_id"),
    campusId: text("campus_id"),
    path: text("path"),
    createdAt: createdAt(),
  },
  (t) => [index("events_name_idx").on(t.name, t.createdAt)],
);

/** Background jobs that only one process may run at a time (see ./sqlite.ts). */
export const moveOutWeeks = pgTable(
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

export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder"),
  leaseUntil: time("lease_until").notNull().default(0),
});

export const savedSearchNotify = ["instant", "daily", "off"] as const;

/** See ./sqlite.ts. */
export const savedSearches = pgTable(
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
    termCount: integer("term_count").notNull(),
    termsVersion: integer("terms_version").notNull().default(1),
    category: text("category"),
    minCents: integer("min_cents"),
    maxCents: integer("max_cents"),
    freeOnly: boolean("free_only").notNull().default(false),
    condition: text("condition"),
    notify: text("notify", { enum: savedSearchNotify }).notNull().default("instant"),
    key: text("key").notNull(),
    wantedPostId: text("wanted_post_id").references(() => posts.id, { onDelete: "cascade" }),
    lastEmailedAt: time("last_emailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_searches_user_key_idx").on(t.userId, t.campusId, t.key),
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    // A Wanted post's searches: replaced on edit, read to give one alert per wanted post and listing.
    index("saved_searches_wanted_idx").on(t.wantedPostId).where(sql`wanted_post_id is not null`),
    index("saved_searches_filters_idx").on(t.campusId, t.category).where(sql`term_count = 0`),
  ],
);

export const savedSearchTerms = pgTable(
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

export const listingAlertJobs = pgTable(
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
    runAfter: time("run_after").notNull().default(now),
    claimedBy: text("claimed_by"),
    leaseUntil: time("lease_until"),
    createdAt: createdAt(),
  },
  (t) => [index("listing_alert_jobs_queue_idx").on(t.status, t.runAfter)],
);

export const savedSearchHits = pgTable(
  "saved_search_hits",
  {
    savedSearchId: text("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    notifiedAt: time("notified_at"),
    mailedAt: time("mailed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.postId] }),
    index("saved_search_hits_post_idx").on(t.postId),
    index("saved_search_hits_pending_idx").on(t.savedSearchId).where(sql`mailed_at is null`),
  ],
);

/** One browser (device) that turned on push notifications; a user has one per device. */
export const pushSubscriptions = pgTable(
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
export const pushPreferences = pgTable("push_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  messages: boolean("messages").notNull().default(true),
  alerts: boolean("alerts").notNull().default(true),
  other: boolean("other").notNull().default(true),
});

/** The push outbox: one row per notification and device, sent by a background worker (a lease, like video jobs). */
export const pushDeliveries = pgTable(
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
    runAfter: time("run_after").notNull().default(now),
    claimedBy: text("claimed_by"),
    leaseUntil: time("lease_until"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("push_deliveries_queue_idx").on(t.status, t.runAfter), index("push_deliveries_subscription_idx").on(t.subscriptionId)],
);
