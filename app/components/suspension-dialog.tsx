import { useLocation } from "@remix-run/react";
import { SUSPENDED_NOTICE_PARAM, withParams } from "~/utils/url-state";
import { Dialog } from "./dialog";

/** A suspended user's notice as a modal (?notice=suspended), opened by Save, Comment or Message seller (open: components/url-prompts.tsx). */
export function SuspensionDialog({ text }: { text: string }) {
  const location = useLocation();
  return (
    <Dialog
      title="Your account is suspended"
      id="suspension-dialog"
      closeHref={withParams(location.pathname + location.search, { [SUSPENDED_NOTICE_PARAM]: null })}
      closeButton
    >
      <p data-testid="suspension-notice">{text}</p>
    </Dialog>
  );
}
