import { useLocation } from "@remix-run/react";
import { isSuspensionNoticeOpen, SUSPENDED_NOTICE_PARAM } from "~/utils/suspension";
import { withParams } from "~/utils/url-state";
import { useOptionalUser } from "~/utils/user";
import { Dialog } from "./dialog";

/** Where a suspended user's composer, comment box or message composer would be: why they can't, and until when. */
export function SuspensionNotice({ text, id }: { text: string; id?: string }) {
  return (
    <p className="panel suspension-notice" role="status" id={id} data-testid="suspension-notice">
      {text}
    </p>
  );
}

/** The same words as a modal (?notice=suspended), opened by Save, Comment or Message seller. */
export function SuspensionDialog() {
  const location = useLocation();
  const user = useOptionalUser();
  if (!user?.suspension || !isSuspensionNoticeOpen(location.search)) return null;
  return (
    <Dialog
      title="Your account is suspended"
      id="suspension-dialog"
      closeHref={withParams(location.pathname + location.search, { [SUSPENDED_NOTICE_PARAM]: null })}
      closeButton
    >
      <p data-testid="suspension-notice">{user.suspension}</p>
    </Dialog>
  );
}
