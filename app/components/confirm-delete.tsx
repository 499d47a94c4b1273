import { ConfirmActions, Dialog } from "./dialog";

export const DELETE_TEXT = {
  post: { title: "Delete Post?", body: "This can't be undone and it will be removed from your profile, the main feed, and from any search results." },
  comment: { title: "Delete Comment?", body: "This can't be undone and will be removed from this post." },
  game: { title: "Delete Game?", body: "This can't be undone. The game, its images and its comments will be removed from your profile and the site." },
  project: { title: "Delete Project?", body: "This can't be undone. The project, its images and its comments will be removed from your profile and the site." },
} as const;

/** The delete confirmation (docs/product.md §6, §20) as URL state: Delete posts the form, Cancel closes it (loaded on demand: OnDemand.ConfirmDelete). */
export function ConfirmDelete({
  kind,
  action,
  closeHref,
  returnTo,
}: {
  kind: keyof typeof DELETE_TEXT;
  action: string;
  closeHref: string;
  returnTo: string;
}) {
  const text = DELETE_TEXT[kind];
  return (
    <Dialog title={text.title} closeHref={closeHref} id="confirm-delete">
      <p>{text.body}</p>
      <ConfirmActions action={action} fields={{ intent: "delete", returnTo }} label="Delete" tone="danger" cancelHref={closeHref} />
    </Dialog>
  );
}
