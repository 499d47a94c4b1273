import { Form, useLoaderData } from "@remix-run/react";
import type { RouteHandle } from "~/utils/route-handle";
import { PushSwitch } from "./push-switch";
import type { loader } from "./route.server";

export { loader, action } from "./route.server";

export const handle: RouteHandle = { title: "Push notifications" };

const CHOICES = [
  { name: "messages", label: "Messages and offers" },
  { name: "alerts", label: "Saved-search alerts" },
  { name: "other", label: "Everything else" },
] as const;

export default function PushSettings() {
  const { publicKey, onHere, choices } = useLoaderData<typeof loader>();
  return (
    <article className="panel stack">
      <h2 className="panel__title">Push notifications</h2>
      <p className="muted">Get a notification on this device when something happens, even when the site is closed.</p>
      {publicKey ? <PushSwitch publicKey={publicKey} onHere={onHere} /> : <p>Push notifications are not available on this site.</p>}
      <Form method="post" className="stack" noValidate>
        <fieldset className="stack">
          <legend>Send me push notifications for</legend>
          {CHOICES.map((c) => (
            <label key={c.name} className="check">
              <input type="checkbox" name={c.name} value="on" defaultChecked={choices[c.name]} /> {c.label}
            </label>
          ))}
        </fieldset>
        <div className="button-row">
          <button type="submit" name="intent" value="choices" className="button">
            Save choices
          </button>
        </div>
      </Form>
    </article>
  );
}
