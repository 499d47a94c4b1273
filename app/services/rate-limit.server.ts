// Abuse limits (docs/product.md §21), kept in the `rate_limits` table so they survive
// restarts. Per account: 5 failed sign-ins in 15 minutes lock it until a
// password reset or the window ends (each attempt is counted before the
// password is checked and given back when it was right). Per IP: only floods (a dorm shares one
// address). Per address: a few emails per 15 minutes.
import { RateLimiterRes, type RateLimiterStoreAbstract } from "rate-limiter-flexible";
import { dbClient } from "./db.server";

const LIMITS = {
  /** Failed password sign-ins per account. */
  loginFailures: { points: 5, duration: 15 * 60 },
  /** Sign-in attempts per IP. */
  loginIp: { points: 500, duration: 3600 },
  /** Sign-ups per IP. */
  signupIp: { points: 300, duration: 3600 },
  /** Emails sent per IP (links, codes, resets). */
  emailIp: { points: 300, duration: 3600 },
  /** Emails sent to one address. */
  emailAddress: { points: 5, duration: 15 * 60 },
  /** Typed codes per IP. */
  codeIp: { points: 300, duration: 3600 },
  /** New posts per user: plenty for a seller listing a move-out sale, not for a spammer. */
  postsPerUser: { points: 30, duration: 3600 },
  /** New comments and replies per user. */
  commentsPerUser: { points: 120, duration: 3600 },
  /** Save / unsave toggles per user: one a second for a minute is more than a person clicks. */
  savesPerUser: { points: 60, duration: 60 },
  /** New conversations per user (Message seller): a buyer shopping around, not a spammer. */
  conversationsPerUser: { points: 20, duration: 24 * 3600 },
  /** Private messages per user: one a second for a minute. */
  messagesPerUser: { points: 60, duration: 60 },
  /** Offers per user (made in conversations): haggling, not a flood of lowball offers. */
  offersPerUser: { points: 10, duration: 3600 },
  /** Turning push on (subscribe attempts) per user: a few browsers and retries, not a stream of endpoints. */
  pushSubscribesPerUser: { points: 10, duration: 3600 },
  /** Reports per user: enough to flag a whole scam ring, not to bury the review queue. */
  reportsPerUser: { points: 30, duration: 3600 },
  /** Contact Me / Feedback messages per IP. */
  contactIp: { points: 100, duration: 3600 },
  /** Contact Me / Feedback messages per sender address. */
  contactAddress: { points: 5, duration: 3600 },
} as const;

export type LimitName = keyof typeof LIMITS;

// One limiter per name and database client (the dialect's store on `rate_limits`).
const limiters = new WeakMap<object, Map<LimitName, RateLimiterStoreAbstract>>();

function limiter(name: LimitName): RateLimiterStoreAbstract {
  const client = dbClient();
  let byName = limiters.get(client);
  if (!byName) limiters.set(client, (byName = new Map()));
  let l = byName.get(name);
  if (!l) {
    l = client.rateLimits.limiter({ keyPrefix: name, ...LIMITS[name] });
    byName.set(name, l);
  }
  return l;
}

export type LimitResult = { ok: true; remaining: number } | { ok: false; retryAfterMs: number };

/** Counts one event against `key`; refuses once the limit is spent. */
export async function consume(name: LimitName, key: string): Promise<LimitResult> {
  try {
    const res = await limiter(name).consume(key, 1);
    return { ok: true, remaining: res.remainingPoints };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, retryAfterMs: error.msBeforeNext };
    throw error;
  }
}

/** True when `key` has used up its limit (without counting anything). */
export async function isLimited(name: LimitName, key: string): Promise<boolean> {
  const res = await limiter(name).get(key);
  return !!res && res.consumedPoints >= LIMITS[name].points;
}

/** Gives back one event counted by `consume` (an attempt that turned out fine). */
export async function refund(name: LimitName, key: string): Promise<void> {
  await limiter(name).reward(key, 1);
}

/** Clears a key (a password reset lifts the lockout). */
export async function resetLimit(name: LimitName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

export const LIMIT_POINTS = Object.fromEntries(Object.entries(LIMITS).map(([k, v]) => [k, v.points])) as Record<LimitName, number>;
