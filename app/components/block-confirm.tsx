import { Form, useLocation } from "@remix-run/react";
import { BLOCK_CONFIRM } from "~/utils/messages";
import { withoutModals } from "~/utils/url-state";
import { ConfirmActions, Dialog } from "./dialog";

/** The Block button: opens the confirmation as URL state (?confirm=block), so it works without JS. */
export function BlockButton() {
  return (
    <Form method="get" className="inline-form" preventScrollReset>
      <input type="hidden" name="confirm" value="block" />
      <button type="submit" className="button">
        Block
      </button>
    </Form>
  );
}

/** The block confirmation the URL asks for (?confirm=block); Block posts intent=block to `action`. */
export function BlockFromUrl({ action, name }: { action: string; name: string }) {
  const location = useLocation();
  if (new URLSearchParams(location.search).get("confirm") !== "block") return null;
  const here = withoutModals(location.pathname + location.search);
  return (
    <Dialog title={`${BLOCK_CONFIRM.title.replace("this person", name)}`} id="confirm-block" closeHref={here} description={BLOCK_CONFIRM.text} alert>
      <ConfirmActions action={action} fields={{ intent: "block" }} label="Block" tone="danger" cancelHref={here} />
    </Dialog>
  );
}
