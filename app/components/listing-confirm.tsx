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
export function ListingConfirm({ which, postId, soldLabel, closeHref }: { which: ListingConfirmKey; postId: string; soldLabel: string; closeHref: string }) {
  const open: Confirmation = CONFIRM[which];
  return (
    <Dialog title={open.title} id="confirm-listing" closeHref={closeHref} description={open.text} alert>
      <ConfirmActions
        action={`/post/${postId}`}
        fields={open.status ? { intent: open.intent, status: open.status } : { intent: open.intent }}
        label={open.button ?? soldLabel}
        tone="primary"
        cancelHref={closeHref}
      />
    </Dialog>
  );
}
