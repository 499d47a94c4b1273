import { Form, Link, useNavigation } from "@remix-run/react";
import type { ListingControlsView } from "~/types/views";
import { SOMEONE_ELSE, SOMEONE_ELSE_VALUE, WHO_BOUGHT_IT } from "~/utils/offers";
import { ConfirmActions, Dialog } from "./dialog";

type Confirmation = { title: string; text: string; intent: string; status: string | null; button: string | null };

const CONFIRM = {
  "mark-sold": {
    title: "Mark as sold?",
    text: "It leaves the feed and search results. You can mark it as available again later.",
    intent: "status",
    status: "sold",
    button: null, // the sold move's own label
  },
  renew: {
    title: "Renew listing?",
    text: "It moves back to the top of the feed and stays up for another 30 days. You can renew a listing once every 48 hours.",
    intent: "renew",
    status: null,
    button: "Renew",
  },
} satisfies Record<string, Confirmation>;

/** The moves that ask first: ?confirm=mark-sold|renew. */
export type ListingConfirmKey = keyof typeof CONFIRM;

/** Selling and renewing ask first (?confirm=mark-sold|renew on the post's page; loaded on demand: OnDemand.ListingConfirm). */
export function ListingConfirm({
  which,
  postId,
  soldLabel,
  closeHref,
  buyers,
}: {
  which: ListingConfirmKey;
  postId: string;
  soldLabel: string;
  closeHref: string;
  /** Mark as sold asks who bought it. */
  buyers?: ListingControlsView["buyers"];
}) {
  const open: Confirmation = CONFIRM[which];
  return (
    <Dialog title={open.title} id="confirm-listing" closeHref={closeHref} description={open.text} alert>
      {which === "mark-sold" ? (
        <SoldToForm postId={postId} label={soldLabel} closeHref={closeHref} buyers={buyers ?? { choices: [], preselected: null }} />
      ) : (
        <ConfirmActions
          action={`/post/${postId}`}
          fields={open.status ? { intent: open.intent, status: open.status } : { intent: open.intent }}
          label={open.button ?? soldLabel}
          tone="primary"
          cancelHref={closeHref}
        />
      )}
    </Dialog>
  );
}

/**
 * "Who bought it?": the people who messaged about the listing (the accepted
 * offer's buyer preselected) and "Someone else". A person records the sale;
 * "Someone else" only marks it sold.
 */
function SoldToForm({ postId, label, closeHref, buyers }: { postId: string; label: string; closeHref: string; buyers: ListingControlsView["buyers"] }) {
  const busy = useNavigation().state === "submitting";
  const checked = buyers.preselected ?? SOMEONE_ELSE_VALUE;
  return (
    <Form method="post" action={`/post/${postId}`} className="stack" preventScrollReset>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value="sold" />
      <fieldset className="report-form__reasons">
        <legend>{WHO_BOUGHT_IT}</legend>
        {buyers.choices.map((b) => (
          <label key={b.id} className="check">
            <input type="radio" name="buyer" value={b.id} defaultChecked={checked === b.id} /> {b.displayName}
          </label>
        ))}
        <label className="check">
          <input type="radio" name="buyer" value={SOMEONE_ELSE_VALUE} defaultChecked={checked === SOMEONE_ELSE_VALUE} /> {SOMEONE_ELSE}
        </label>
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy} data-autofocus>
          {label}
        </button>
        <Link to={closeHref} className="button" preventScrollReset replace>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
