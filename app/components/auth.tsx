import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import type { Alert } from "~/types/views";
import { AlertToast } from "./alert";
import { RedirectInput } from "./redirect-input";

/** True once React runs in the browser (to enhance what the server rendered). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** A submit button that says `busyLabel` while its form is on its way. */
export function SubmitButton({
  children,
  busyLabel,
  disabled,
  className = "button button--primary button--block",
  name,
  value,
  formAction,
}: {
  children: ReactNode;
  busyLabel?: string;
  disabled?: boolean;
  className?: string;
  name?: string;
  value?: string;
  formAction?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    (name === undefined || navigation.formData?.get(name) === value) &&
    (formAction === undefined || navigation.formAction === formAction);
  return (
    <button type="submit" className={className} disabled={disabled || busy} aria-busy={busy || undefined} name={name} value={value}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/** Continue with Google: a plain form post (the server redirects to Google). */
export function GoogleButton({ redirectTo }: { redirectTo?: string | null }) {
  return (
    <Form method="post" action="/auth/google" reloadDocument>
      <RedirectInput to={redirectTo} />
      <button type="submit" className="button button--block">
        <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
          <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6.1C12.4 13.7 17.7 9.5 24 9.5z" />
          <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z" />
          <path fill="#FBBC05" d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.8l7.9-6.1z" />
          <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
        </svg>
        Continue with Google
      </button>
    </Form>
  );
}

/** An alert that came with this response (not across a redirect), e.g. the lockout message. */
export function InlineAlert({ alert }: { alert: Alert | null | undefined }) {
  if (!alert) return null;
  return (
    <div className="alerts">
      <AlertToast key={alert.id} alert={alert} />
    </div>
  );
}
