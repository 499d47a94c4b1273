import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as z from "zod";
import { dialectOf } from "../../db/dialect";

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));

const envSchema = z
  .object({
    /** The app's own mode (required secrets, secure cookies, the dev mailbox, demo data, the region gate). */
    APP_ENV: z.enum(["development", "production", "test"]).optional(),
    /** React's build; also the app's mode when APP_ENV is unset, so an operator's NODE_ENV=production keeps the production rules. */
    NODE_ENV: z.enum(["development", "production", "test"]).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z.string().min(1).default("./data/app.db"),
    /** Connections in the pool (PostgreSQL); migrations hold one while the seed uses others. */
    DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(1000).default(10),
    SESSION_SECRET: z.string().min(1).optional(),
    /** Web Push's application server keys (P-256, base64url): both or neither; outside production generated once beside the database. */
    VAPID_PUBLIC_KEY: z.string().regex(/^[\w-]{87}$/, "must be a P-256 public key in base64url (87 characters)").optional(),
    VAPID_PRIVATE_KEY: z.string().regex(/^[\w-]{43}$/, "must be a P-256 private key in base64url (43 characters)").optional(),
    /** Tests only: a local push service stand-in whose endpoints (http, loopback) subscriptions may name. */
    PUSH_SERVICE_ORIGIN: optionalUrl.refine((v) => v === undefined || isOrigin(v), "must be an origin such as http://127.0.0.1:4000"),
    /** Who push services may contact about our pushes: mailto: or https:. */
    VAPID_SUBJECT: z.string().regex(/^(?:mailto:[^\s@]+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL").optional(),
    /** scrypt's cost for new password hashes, as log2 N: 17 (128 MiB and a fraction of a second per hash). Lower only for test runs; start-up warns below 17. */
    PASSWORD_HASH_COST: z.coerce.number().int().min(12).max(20).default(17),
    RESEND_API_KEY: z.string().min(1).optional(),
    RESEND_BASE_URL: optionalUrl,
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Tests only: a local OAuth 2.0 server that stands in for Google. */
    GOOGLE_OAUTH_BASE_URL: optionalUrl,
    /** Extra banned addresses, comma separated (added to db/banned-emails.ts by the seed). */
    BANNED_EMAILS: z.string().optional(),
    OWNER_USERNAME: z
      .string()
      .regex(/^[a-z0-9-]{2,50}$/, "must be 2-50 lowercase letters, digits or hyphens")
      .default("owner"),
    OWNER_EMAIL: z.string().email().default("owner@example.com"),
    OWNER_NAME: z.string().min(3).default("Jordan Avery"),
    CONTACT_EMAIL: z.string().email().optional(),
    /** 1: /dev/mail for every request, even in production; 0: off. Unset: on outside production, for this machine only. */
    DEV_MAILBOX: z.enum(["0", "1"]).optional(),
    UPLOADS_DIR: z.string().min(1).default("./data/uploads"),
    /** The owner's MDX (projects/, games/, pages/). */
    CONTENT_DIR: z.string().min(1).default("./content"),
    PUBLIC_URL: optionalUrl.refine((v) => v === undefined || isOrigin(v), "must be an origin such as https://campusbuysell.com"),
    /** The campus sites' own origins (links for a request to one of them stay on it). */
    CAMPUS_ORIGINS: z
      .string()
      .optional()
      .refine((v) => listOf(v).every(isOrigin), "must be a comma-separated list of origins such as https://utbuysell.com"),
    /** Who may set X-Forwarded-For/-Host/-Proto: Express `trust proxy`. Unset: nobody. */
    TRUST_PROXY: z
      .string()
      .optional()
      .refine((v) => parseTrustProxy(v) !== null, "must be loopback, linklocal, uniquelocal, IP addresses or CIDR ranges (comma-separated), or a hop count"),
    SEED_DEMO: z.enum(["0", "1"]).optional(),
    MAIL_FROM: z.string().min(3).default("Campus BuySell <no-reply@campusbuysell.com>"),
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
    MAIL_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    GEO_GATE: z.enum(["on", "off"]).optional(),
    GEO_COUNTRY_HEADER: z
      .string()
      .regex(/^[a-z0-9-]+$/i, "must be an HTTP header name")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    GEO_TIMEZONE_HEADER: z
      .string()
      .regex(/^[a-z0-9-]+$/i, "must be an HTTP header name")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** 1: a visitor the region gate would refuse still sees the sign-up prompt (docs/product.md §18). */
    SHOW_FIREWALL: z.enum(["0", "1"]).optional(),
    /** Media in an S3-compatible bucket instead of UPLOADS_DIR. */
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lowercase letters, digits, dots or hyphens)").optional().or(z.literal("").transform(() => undefined)),
    /** The S3 API's origin for a server that is not AWS (MinIO, Garage, R2…). Unset: AWS itself. */
    S3_ENDPOINT: optionalUrl.refine((v) => v === undefined || /^https?:\/\//.test(v), "must be an http(s):// URL"),
    S3_REGION: z.string().regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1").default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Bucket in the path (http://host/bucket/key) rather than in the host name. Default: on with S3_ENDPOINT, off for AWS. */
    S3_FORCE_PATH_STYLE: z.enum(["0", "1", "true", "false"]).optional(),
    /** Grace period for requests and the mail send in flight after SIGTERM, before the process exits anyway. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
    /** After SIGTERM, keep serving this long with /healthz answering 503, so a load balancer stops sending here first. */
    SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
    /** 0: do not migrate and seed at start (a release step runs `node build/index.js --migrate-only` once instead). */
    MIGRATE_ON_START: z.enum(["0", "1"]).default("1"),
    // How long a visitor's feed page is shared between visitors (0: render every request).
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    // 1: every response names the database statements its request sent (X-Db-Statements), for the bench.
    COUNT_STATEMENTS: z.enum(["0", "1"]).default("0"),
    /** ffmpeg to use (an absolute path); unset: `ffmpeg` on PATH. */
    FFMPEG_PATH: z.string().optional(),
    /** ffprobe to use (an absolute path); unset: the one beside FFMPEG_PATH, else on PATH. */
    FFPROBE_PATH: z.string().optional(),
    /** Videos this process transcodes at once. */
    VIDEO_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
    /** How long a claimed video job is held before another process may take it (renewed while ffmpeg runs). */
    VIDEO_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
  })
  .superRefine((env, ctx) => {
    const production = appMode(env) === "production";
    if (production && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production (APP_ENV=production, or NODE_ENV=production without APP_ENV)",
      });
    }
    if (production && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "is required in production (the origin links in emails point to)",
      });
    }
    if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
      ctx.addIssue({ code: "custom", path: [env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"], message: "is required with the other VAPID key (or leave both unset)" });
    }
    if (!env.S3_BUCKET) {
      const stray = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const).find((name) => env[name] !== undefined);
      if (stray) ctx.addIssue({ code: "custom", path: [stray], message: "is set but S3_BUCKET is not (set S3_BUCKET to store media in a bucket)" });
    }
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "is required with the other S3 key (or leave both unset to use the AWS SDK's own credentials)",
      });
    }
  });

export type AppMode = "development" | "production" | "test";

/**
 * The app's mode: APP_ENV when set; otherwise NODE_ENV, so an operator who only sets
 * NODE_ENV=production gets the production rules. `npm start` sets NODE_ENV=production for
 * React and APP_ENV=development for the app unless one of them was chosen (start-env.mjs).
 */
function appMode(env: { APP_ENV?: AppMode; NODE_ENV?: AppMode }): AppMode {
  return env.APP_ENV ?? env.NODE_ENV ?? "development";
}

const listOf = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

/** http(s)://host[:port] and nothing more (a trailing slash is fine). */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY as Express's `trust proxy` takes it; null when malformed. */
export function parseTrustProxy(value: string | undefined): false | number | string[] | null {
  const v = (value ?? "").trim();
  if (!v || v === "false") return false;
  if (/^\d{1,2}$/.test(v)) return Number(v) || false;
  const items = listOf(v);
  const valid = items.every((item) => {
    if (PROXY_NAMES.has(item)) return true;
    const [address = "", bits, ...rest] = item.split("/");
    const family = net.isIP(address);
    if (!family || rest.length) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid ? items : null;
}

/**
 * The session secret outside production when SESSION_SECRET is not set:
 * generated once (256 random bits) and kept in the data folder with mode 0600,
 * so every start and every process of this install signs with the same one.
 */
function storedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  const read = () => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : "");
  const existing = read();
  if (existing.length >= 32) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  try {
    // "wx": when two processes start together, the first write wins and both use it.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: existing ? "w" : "wx" });
    fs.chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST" && read().length >= 32) return read();
    throw error;
  }
}

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * Web Push keys outside production when VAPID_* are not set: a P-256 pair made
 * once and kept in the data folder (mode 0600) like the session secret, so the
 * browsers' subscriptions, made for this public key, keep working across starts.
 */
function storedVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, "vapid-keys.json");
  const read = (): VapidKeys | null => {
    if (!fs.existsSync(file)) return null;
    const parsed = z.object({ publicKey: z.string().length(87), privateKey: z.string().length(43) }).safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
    return parsed.success ? parsed.data : null;
  };
  const existing = read();
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const { publicKey, privateKey } = crypto.generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = privateKey.export({ format: "jwk" });
  const keys: VapidKeys = {
    // The uncompressed point (0x04 ‖ x ‖ y), as browsers take applicationServerKey.
    publicKey: publicKey.export({ format: "der", type: "spki" }).subarray(-65).toString("base64url"),
    privateKey: jwk.d ?? "",
  };
  try {
    fs.writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: "wx" });
    return keys;
  } catch (error) {
    const raced = (error as NodeJS.ErrnoException).code === "EEXIST" ? read() : null;
    if (raced) return raced;
    throw error;
  }
}

/** The folder the database lives in (or ./data for a database that is not a file). */
function dataDirOf(database: DatabaseConfig): string {
  if (database.dialect === "pg" || database.path === ":memory:") return "./data";
  return path.dirname(database.path);
}

export type Config = ReturnType<typeof parseConfig>;

/** Reads the environment once; throws a ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}`);
  }
  const c = result.data;
  const mode = appMode(c);
  const production = mode === "production";
  const database = parseDatabaseUrl(c.DATABASE_URL, c.DATABASE_POOL_MAX);
  let sessionSecret = c.SESSION_SECRET;
  let vapidKeys: VapidKeys | null | undefined = c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY } : undefined;
  return {
    env: mode,
    production,
    port: c.PORT,
    database,
    /** SESSION_SECRET, or (outside production) one generated once and kept in the data folder; read on first use. */
    get sessionSecret(): string {
      sessionSecret ??= storedSessionSecret(dataDirOf(database));
      return sessionSecret;
    },
    /**
     * Web Push: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or (outside production) a pair made once
     * and kept in the data folder; null in production without them (push is off). Read on first use.
     */
    get vapid(): (VapidKeys & { subject: string }) | null {
      vapidKeys ??= production ? null : storedVapidKeys(dataDirOf(database));
      return vapidKeys ? { ...vapidKeys, subject: c.VAPID_SUBJECT ?? `mailto:${(c.CONTACT_EMAIL ?? c.OWNER_EMAIL).toLowerCase()}` } : null;
    },
    /** Tests only: the push service stand-in's origin, accepted as a subscription's endpoint. */
    pushServiceOrigin: c.PUSH_SERVICE_ORIGIN ? new URL(c.PUSH_SERVICE_ORIGIN).origin : undefined,
    /** log2 N of scrypt for new password hashes (a stored hash names its own, so changing it breaks no password). */
    passwordHashCost: c.PASSWORD_HASH_COST,
    resendApiKey: c.RESEND_API_KEY,
    resendBaseUrl: c.RESEND_BASE_URL,
    google:
      c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
        ? {
            clientId: c.GOOGLE_CLIENT_ID,
            clientSecret: c.GOOGLE_CLIENT_SECRET,
            oauthBaseUrl: c.GOOGLE_OAUTH_BASE_URL?.replace(/\/$/, ""),
          }
        : undefined,
    bannedEmails: (c.BANNED_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    owner: { username: c.OWNER_USERNAME, email: c.OWNER_EMAIL.toLowerCase(), name: c.OWNER_NAME },
    contactEmail: (c.CONTACT_EMAIL ?? c.OWNER_EMAIL).toLowerCase(),
    /** /dev/mail exists (docs/product.md §16)… */
    devMailbox: c.DEV_MAILBOX ? c.DEV_MAILBOX === "1" : !production,
    /** …and answers only requests from this machine (loopback, not forwarded) unless DEV_MAILBOX=1. */
    devMailboxLocalOnly: c.DEV_MAILBOX !== "1",
    uploadsDir: c.UPLOADS_DIR,
    /** Where media live: S3-compatible object storage when S3_BUCKET is set, else UPLOADS_DIR. */
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          endpoint: c.S3_ENDPOINT,
          region: c.S3_REGION,
          credentials: c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: c.S3_FORCE_PATH_STYLE ? c.S3_FORCE_PATH_STYLE === "1" || c.S3_FORCE_PATH_STYLE === "true" : c.S3_ENDPOINT !== undefined,
        }
      : undefined,
    shutdownGraceMs: c.SHUTDOWN_GRACE_SECONDS * 1000,
    shutdownDelayMs: c.SHUTDOWN_DELAY_SECONDS * 1000,
    pageCacheTtlMs: c.PAGE_CACHE_TTL_MS,
    countStatements: c.COUNT_STATEMENTS === "1",
    video: {
      ffmpegPath: c.FFMPEG_PATH?.trim() || undefined,
      ffprobePath: c.FFPROBE_PATH?.trim() || undefined,
      /** 0: this process takes no video jobs (others on the same database do). */
      workers: c.VIDEO_WORKERS,
      leaseMs: c.VIDEO_LEASE_MS,
    },
    migrateOnStart: c.MIGRATE_ON_START === "1",
    contentDir: c.CONTENT_DIR,
    /** The default site's origin (required in production). */
    publicUrl: c.PUBLIC_URL ? new URL(c.PUBLIC_URL).origin : undefined,
    /** The campus sites' origins, allowlisted for links (besides PUBLIC_URL). */
    campusOrigins: listOf(c.CAMPUS_ORIGINS).map((o) => new URL(o).origin),
    /** Express `trust proxy`: false (nobody), a hop count, or addresses/ranges. */
    trustProxy: parseTrustProxy(c.TRUST_PROXY) ?? false,
    seedDemo: c.SEED_DEMO ? c.SEED_DEMO === "1" : !production,
    mail: { from: c.MAIL_FROM, maxAttempts: c.MAIL_MAX_ATTEMPTS, retryBaseMs: c.MAIL_RETRY_BASE_SECONDS * 1000 },
    geo: {
      /** The US region gate (docs/product.md §18): on in production unless GEO_GATE=off. */
      gate: c.GEO_GATE ? c.GEO_GATE === "on" : production,
      /** Headers set by a trusted edge proxy; never read unless named here. */
      countryHeader: c.GEO_COUNTRY_HEADER?.toLowerCase(),
      timeZoneHeader: c.GEO_TIMEZONE_HEADER?.toLowerCase(),
      /** Show the sign-up prompt to visitors the gate's rule refuses, instead of sending them to /404. */
      showFirewall: c.SHOW_FIREWALL === "1",
    },
  };
}

export type DatabaseConfig =
  | { dialect: "sqlite"; path: string }
  | { dialect: "pg"; url: string; poolMax: number };

/**
 * Which database DATABASE_URL names: postgres:// or postgresql:// → PostgreSQL;
 * a file path, a file: URL or :memory: → SQLite. Throws a ConfigError otherwise.
 */
export function parseDatabaseUrl(value: string, poolMax = 10): DatabaseConfig {
  const bad = (why: string) => new ConfigError(`Invalid configuration: DATABASE_URL ${why}`);
  if (dialectOf(value) === "pg") {
    if (!URL.canParse(value)) throw bad("is not a valid postgres:// URL");
    return { dialect: "pg", url: value, poolMax };
  }
  if (/^file:\/\//i.test(value)) {
    try {
      return { dialect: "sqlite", path: fileURLToPath(value) };
    } catch {
      throw bad("is not a valid file: URL");
    }
  }
  if (/^file:/i.test(value)) return { dialect: "sqlite", path: value.slice("file:".length) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) throw bad("must be a SQLite file path, a file: URL or a postgres:// URL");
  return { dialect: "sqlite", path: value };
}

/** The URL without its password, for messages. */
export function redactDatabaseUrl(database: DatabaseConfig): string {
  if (database.dialect === "sqlite") return database.path;
  const url = new URL(database.url);
  if (url.password) url.password = "***";
  return url.toString();
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

let cached: Config | undefined;

/** The configuration of this process, validated on first use. */
export function config(): Config {
  cached ??= parseConfig();
  return cached;
}

/** Reads the environment again on next use (tests that set variables after the database was opened). */
export function resetConfig(): void {
  cached = undefined;
}
