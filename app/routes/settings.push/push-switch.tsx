import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";

const NEEDS_JS = "Push notifications need JavaScript.";

/** The browser's subscription as the action takes it (PushSubscription.toJSON()). */
function subscriptionFields(subscription: PushSubscription): Record<string, string> | null {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return null;
  return { intent: "subscribe", endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth };
}

async function unsubscribeBrowser() {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

/**
 * Turning push on asks the browser (permission, then a subscription for the
 * site's key through the service worker) and posts what it gives; without
 * JavaScript the server's HTML says push needs it. Turning it off is a plain form
 * (the server forgets this device) that, with JavaScript, also unsubscribes the browser.
 */
export function PushSwitch({ publicKey, onHere }: { publicKey: string; onHere: boolean }) {
  // Until hydrated, what the server rendered: the no-JS words.
  const [support, setSupport] = useState<"unknown" | "yes" | "no">("unknown");
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  // The action answers a refused subscribe (too many this hour) with its words.
  const fetcher = useFetcher<{ error?: string }>();
  useEffect(() => setSupport("serviceWorker" in navigator && "PushManager" in window && "Notification" in window ? "yes" : "no"), []);

  // Turning it off is a plain form: it works without JavaScript too.
  if (onHere) {
    return (
      <Form method="post" className="stack" onSubmit={() => void unsubscribeBrowser().catch(() => {})}>
        <p>Push notifications are on for this device.</p>
        <div className="button-row">
          <button type="submit" name="intent" value="unsubscribe" className="button">
            Turn off push notifications
          </button>
        </div>
      </Form>
    );
  }
  if (support === "unknown") return <p>{NEEDS_JS}</p>;
  if (support === "no") return <p>This browser can&apos;t receive push notifications.</p>;

  async function turnOn() {
    setProblem(null);
    setAsking(true);
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        setProblem("Notifications are blocked for this site in your browser's settings.");
        return;
      }
      await navigator.serviceWorker.register("/sw.js");
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
      const fields = subscriptionFields(subscription);
      if (!fields) throw new Error("no keys");
      fetcher.submit(fields, { method: "post" });
    } catch {
      setProblem("Your browser couldn't turn on push notifications. Try again.");
    } finally {
      setAsking(false);
    }
  }

  const busy = asking || fetcher.state !== "idle";
  const refused = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <div className="stack">
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void turnOn()}>
          Turn on push notifications
        </button>
      </div>
      {problem || refused ? (
        <p className="field-error" role="alert">
          {problem ?? refused}
        </p>
      ) : null}
    </div>
  );
}
