// The tables of the database this process uses, chosen once at module load by
// DATABASE_URL (db/dialect.ts): PostgreSQL's (./pg.ts) or SQLite's (./sqlite.ts).
// Both schemas have the same table and column names, so the model layer is
// written once against the SQLite schema's types; the values are the chosen
// dialect's tables. The raw schemas are exported too (parity test, drizzle-kit).
import { dialectOf } from "../dialect";
import * as pgSchema from "./pg";
import * as sqliteSchema from "./sqlite";

/**
 * Both dialects' tables, by dialect. A plain object (not the module namespaces):
 * drizzle walks the prototype of every value of the schema it is given.
 */
export const schemas = { sqlite: sqliteSchema, pg: pgSchema } as const;
export { likeTargets, type LikeTarget, userRoles, type UserRole } from "./sqlite";
export { reportTargets, type ReportTarget } from "./sqlite";

/** The dialect of this process's database. */
export const dialect = dialectOf(process.env.DATABASE_URL);

const tables = (dialect === "pg" ? pgSchema : sqliteSchema) as unknown as typeof sqliteSchema;

export const campuses = tables.campuses;
export const users = tables.users;
export const passwords = tables.passwords;
export const connections = tables.connections;
export const sessions = tables.sessions;
export const verifications = tables.verifications;
export const posts = tables.posts;
export const moveOutWeeks = tables.moveOutWeeks;
export const media = tables.media;
export const likes = tables.likes;
export const projects = tables.projects;
export const games = tables.games;
export const notifications = tables.notifications;
export const notificationEmails = tables.notificationEmails;
export const chats = tables.chats;
export const chatMembers = tables.chatMembers;
export const messages = tables.messages;
export const blocks = tables.blocks;
export const sales = tables.sales;
export const offers = tables.offers;
export const reviews = tables.reviews;
export const mail = tables.mail;
export const reports = tables.reports;
export const moderationActions = tables.moderationActions;
export const bannedEmails = tables.bannedEmails;
export const rateLimits = tables.rateLimits;
export const events = tables.events;
export const jobLeases = tables.jobLeases;
export const videoJobs = tables.videoJobs;
export const savedSearches = tables.savedSearches;
export const savedSearchTerms = tables.savedSearchTerms;
export const listingAlertJobs = tables.listingAlertJobs;
export const savedSearchHits = tables.savedSearchHits;
export const pushSubscriptions = tables.pushSubscriptions;
export const pushPreferences = tables.pushPreferences;
export const pushDeliveries = tables.pushDeliveries;
