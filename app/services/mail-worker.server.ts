// Delivers the outbox (docs/product.md §16): claims due rows atomically, sends them
// through a provider (Resend), retries failures with exponential backoff and
// gives up after a configurable number of tries.
//
// Claiming is the dialect's (one UPDATE … RETURNING under SQLite's write lock,
// FOR UPDATE SKIP LOCKED on Postgres), so two workers (or two server processes
// on the same database) never take the same row. A claim is a lease: a worker that
// dies mid-send leaves its rows in `sending`, and they become claimable again
// once the lease runs out. The provider is also given the row id as an
// idempotency key, so a lease that ran out while a slow send was still in flight
// does not become a second email.
import os from "node:os";
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { Resend } from "resend";
import { config } from "./config.server";
import { dbClient, schema, type DbClient } from "./db.server";
import { periodicJob } from "./periodic-job.server";

const { mail } = schema;

export type OutboxMail = typeof mail.$inferSelect;

export type SendResult =
  | { ok: true; providerId: string }
  | {
      ok: false;
      error: string;
      /** false when sending it again cannot succeed (a malformed address, …). */
      retryable: boolean;
      /** The provider asked us to slow down (HTTP 429). */
      rateLimited?: boolean;
      /** The provider's Retry-After, in ms. */
      retryAfterMs?: number;
    };

export type MailSender = (mail: OutboxMail) => Promise<SendResult>;

export type MailSenderHeaders = (mail: OutboxMail) => Promise<Record<string, string> | undefined>;

export type BackoffOptions = { baseMs: number; maxMs: number };

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 60_000, maxMs: 3_600_000 };

/**
 * How long to wait after the `attempt`-th failed try: base · 2^(attempt−1),
 * capped, with up to 10 % jitter added so that many rows that failed together
 * do not all come back in the same second.
 */
export function backoffDelay(attempt: number, opts: BackoffOptions = DEFAULT_BACKOFF, random = Math.random): number {
  const exponent = Math.max(0, attempt - 1);
  const delay = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(exponent, 30));
  return Math.round(delay + delay * 0.1 * random());
}

/** Wraps an HTML fragment in a small accessible document (language, charset, title). */
export function htmlDocument(subject: string, body: string): string {
  if (/^\s*(?:<!doctype|<html)/i.test(body)) return body;
  const title = subject.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><div role="article" aria-label="${title}" lang="en">${body}</div></body></html>`;
}

const PERMANENT_STATUSES = new Set([400, 404, 405, 413, 422]);

/** Sends through the Resend API (or anything that answers like it at `baseUrl`). */
export function resendSender(opts: {
  apiKey: string;
  from: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** Extra headers for one email (List-Unsubscribe). */
  headersFor?: MailSenderHeaders;
}): MailSender {
  const resend = new Resend(opts.apiKey, opts.baseUrl ? { baseUrl: opts.baseUrl.replace(/\/$/, "") } : undefined);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  return async (row) => {
    const { data, error, headers } = await resend.emails.send(
      {
        from: opts.from,
        to: row.to,
        subject: row.subject,
        html: htmlDocument(row.subject, row.html),
        text: row.text,
        headers: await opts.headersFor?.(row),
      },
      { idempotencyKey: `mail-${row.id}`, signal: AbortSignal.timeout(timeoutMs) },
    );
    if (data?.id) return { ok: true, providerId: data.id };
    const status = error?.statusCode ?? null;
    const retryAfter = Number(headers?.["retry-after"]);
    return {
      ok: false,
      error: `${status ?? "network"}: ${error?.message ?? "no id in the response"}`.slice(0, 500),
      retryable: status === null || !PERMANENT_STATUSES.has(status),
      rateLimited: status === 429,
      retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    };
  };
}

export type MailWorkerOptions = {
  send: MailSender;
  /** Defaults to the process's database. */
  client?: DbClient;
  workerId?: string;
  /** Tries before a row is marked failed. */
  maxAttempts?: number;
  backoff?: BackoffOptions;
  /** How long a claim holds before another worker may take the row. */
  leaseMs?: number;
  batchSize?: number;
  /** Wait between polls when the outbox had nothing due. */
  pollMs?: number;
  now?: () => number;
  random?: () => number;
  log?: (message: string) => void;
};

export type RunResult = { claimed: number; sent: number; retried: number; failed: number };

export type MailWorker = {
  readonly id: string;
  /** Claims and processes one batch of due mail. */
  runOnce(): Promise<RunResult>;
  /** Polls until stop() is called. */
  start(): void;
  /** Stops polling; resolves once the batch in flight is done. */
  stop(): Promise<void>;
};

export function createMailWorker(opts: MailWorkerOptions): MailWorker {
  const client = opts.client ?? dbClient();
  const db = client.db;
  const id = opts.workerId ?? `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const maxAttempts = opts.maxAttempts ?? config().mail.maxAttempts;
  const backoff = opts.backoff ?? DEFAULT_BACKOFF;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const batchSize = opts.batchSize ?? 5;
  const pollMs = opts.pollMs ?? 2_000;
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const log = opts.log ?? ((m: string) => console.error(m));

  /** Rows whose lease ran out after their last allowed try will not be tried again. */
  async function failAbandoned(at: number) {
    await db.update(mail)
      .set({ status: "failed", claimedBy: null, lastError: "Delivery was interrupted too many times." })
      .where(and(eq(mail.status, "sending"), lte(mail.claimedAt, at - leaseMs), gte(mail.attempts, maxAttempts)));
  }

  function claim(at: number): Promise<OutboxMail[]> {
    return client.outbox.claim({ workerId: id, at, leaseMs, batchSize });
  }

  /** Only the worker holding the claim may settle a row. */
  const mine = (rowId: string) => and(eq(mail.id, rowId), eq(mail.claimedBy, id), eq(mail.status, "sending"));

  async function release(rows: OutboxMail[], until: number) {
    if (rows.length === 0) return;
    await db.update(mail)
      .set({ status: "queued", claimedBy: null, attempts: sql`${mail.attempts} - 1`, nextAttemptAt: until })
      .where(and(inArray(mail.id, rows.map((r) => r.id)), eq(mail.claimedBy, id), eq(mail.status, "sending")));
  }

  async function runOnce(): Promise<RunResult> {
    const result: RunResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    await failAbandoned(now());
    const rows = await claim(now());
    result.claimed = rows.length;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      let outcome: SendResult;
      try {
        outcome = await opts.send(row);
      } catch (error) {
        outcome = { ok: false, error: String(error).slice(0, 500), retryable: true };
      }
      const at = now();
      if (outcome.ok) {
        await db.update(mail)
          .set({ status: "sent", providerId: outcome.providerId, sentAt: at, claimedBy: null, lastError: null })
          .where(mine(row.id));
        result.sent++;
        continue;
      }
      if (outcome.retryable && row.attempts < maxAttempts) {
        const delay = Math.max(backoffDelay(row.attempts, backoff, random), outcome.retryAfterMs ?? 0);
        await db.update(mail)
          .set({ status: "queued", claimedBy: null, lastError: outcome.error, nextAttemptAt: at + delay })
          .where(mine(row.id));
        result.retried++;
        if (outcome.rateLimited) {
          // The rest of the batch would be refused too: hand it back untried.
          await release(rows.slice(i + 1), at + (outcome.retryAfterMs ?? backoff.baseMs));
          break;
        }
      } else {
        await db.update(mail)
          .set({ status: "failed", claimedBy: null, lastError: outcome.error })
          .where(mine(row.id));
        result.failed++;
        log(`mail ${row.id} to ${row.to} failed after ${row.attempts} tries: ${outcome.error}`);
      }
    }
    return result;
  }

  // A full batch means more may be due: the next poll follows at once.
  const job = periodicJob({ name: "mail worker", run: runOnce, intervalMs: pollMs, firstRunMs: 0, next: (r) => (r.claimed === batchSize ? 0 : pollMs), log });
  return { id, runOnce, ...job };
}

/**
 * The worker that delivers the outbox when RESEND_API_KEY is set (the server's job
 * registry starts it); otherwise mail stays in the outbox (the dev mailbox shows it)
 * and this returns null. `headersFor` adds headers to one email (the server passes
 * List-Unsubscribe's).
 */
export function configuredMailWorker(headersFor?: MailSenderHeaders): MailWorker | null {
  const cfg = config();
  if (!cfg.resendApiKey) return null;
  const worker = createMailWorker({
    backoff: { baseMs: cfg.mail.retryBaseMs, maxMs: Math.max(cfg.mail.retryBaseMs, DEFAULT_BACKOFF.maxMs) },
    send: resendSender({
      apiKey: cfg.resendApiKey,
      from: cfg.mail.from,
      baseUrl: cfg.resendBaseUrl,
      headersFor,
    }),
  });
  return worker;
}
