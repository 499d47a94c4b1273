// Sends one Web Push message (RFC 8030) with VAPID (RFC 8292): the payload is
// encrypted for the browser's keys as aes128gcm (RFC 8291) by the web-push
// library, which also signs the VAPID JWT. The request itself goes out through
// fetch so a timeout applies and an http:// push service (the tests' local
// stand-in) works too; web-push's own sender speaks https only.
import net from "node:net";
import webpush from "web-push";
import { config } from "./config.server";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushOutcome =
  | { ok: true }
  /** The subscription no longer exists (404/410): forget the device. */
  | { ok: false; gone: true; error: string }
  | { ok: false; gone: false; error: string; retryable: boolean; retryAfterMs?: number };

/** How long a push service keeps a message for a browser that is offline. */
const TTL_SECONDS = 24 * 3600;

/** The public key browsers subscribe with (applicationServerKey); null when push is off. */
export function pushPublicKey(): string | null {
  return config().vapid?.publicKey ?? null;
}

export function pushEnabled(): boolean {
  return config().vapid !== null;
}

/**
 * A subscription's endpoint as we accept it, or null: an https URL on a named host,
 * as browsers' push services give (never an address or localhost: the server
 * posts to it, and must not be pointed at its own network), or the tests' stand-in.
 */
export function pushEndpoint(value: string): string | null {
  if (value.length > 2000 || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.username || url.password) return null;
  if (url.origin === config().pushServiceOrigin) return url.href;
  const host = url.hostname.toLowerCase();
  const named = !net.isIP(host.replace(/^\[|\]$/g, "")) && host.includes(".") && host !== "localhost" && !host.endsWith(".localhost");
  return url.protocol === "https:" && named && (url.port === "" || url.port === "443") ? url.href : null;
}

export async function sendPush(target: PushTarget, payload: { title: string; body: string; url: string }, timeoutMs = 15_000): Promise<PushOutcome> {
  const vapid = config().vapid;
  if (!vapid) return { ok: false, gone: false, error: "push is not configured", retryable: false };
  const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
    vapidDetails: vapid,
    TTL: TTL_SECONDS,
    contentEncoding: "aes128gcm",
  });
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: new Uint8Array(details.body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    return { ok: false, gone: false, error: String(error).slice(0, 500), retryable: true };
  }
  await response.body?.cancel();
  if (response.status >= 200 && response.status < 300) return { ok: true };
  const error = `push service answered ${response.status}`;
  if (response.status === 404 || response.status === 410) return { ok: false, gone: true, error };
  const retryAfter = Number(response.headers.get("retry-after"));
  return {
    ok: false,
    gone: false,
    error,
    // 413 (too big) and 400 (malformed) will never succeed; 429 and 5xx may.
    retryable: response.status === 429 || response.status >= 500,
    retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
  };
}
