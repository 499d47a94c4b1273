import { useFetcher, type FetcherWithComponents } from "@remix-run/react";
import { Icon } from "./icons";
import { SpaLink } from "./spa-link";

type SaveButtonProps = {
  action: string;
  saved: boolean;
  count: number;
  returnTo: string;
  /** Set when this viewer may not save: where their prompt (sign up, verify school) opens. */
  promptHref?: string;
};

type SaveAnswer = { saved: boolean; count: number } | { error: string };

/**
 * The browser's fetcher for the toggle. The server has none: it draws the form
 * as it stands, so a card reads nothing but its props (RememberedBody). Chosen
 * once per side, so a render always calls the same hooks.
 */
const useSaveFetcher: () => FetcherWithComponents<SaveAnswer> | null = typeof document === "undefined" ? () => null : () => useFetcher<SaveAnswer>();

/**
 * Save (like) with its count (docs/product.md §8): "Save", or "Saved!" when active. With JS the
 * toggle happens in place and at once; without JS it is a form post that comes
 * back to the same spot on the page. Visitors get the sign-up prompt, and a
 * signed-in user who is not a student of this campus the verify-school prompt.
 */
export function SaveButton({ action, saved, count, returnTo, promptHref }: SaveButtonProps) {
  const fetcher = useSaveFetcher();
  if (promptHref) {
    return (
      <SpaLink to={promptHref} className="action" preventScrollReset>
        <Icon name="bookmark" /> Save <span className="count">{count}</span>
      </SpaLink>
    );
  }
  // Optimistic while the toggle is in flight; then the server's answer (or, when it refused, what it was).
  const answer = fetcher?.data && "saved" in fetcher.data ? fetcher.data : null;
  const refusal = fetcher?.state === "idle" && fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  let shown = answer ?? { saved, count };
  if (fetcher && fetcher.state !== "idle" && fetcher.formData) {
    const before = answer ?? { saved, count };
    shown = { saved: !before.saved, count: before.count + (before.saved ? -1 : 1) };
  }
  // A plain <form>, not fetcher.Form: the submit handler below does what fetcher.Form's would,
  // and a page draws one per card and comment (a Remix form is several router hooks each).
  return (
    <form
      method="post"
      action={action}
      className="inline-form"
      onSubmit={(event) => {
        // With JS: stay on the page and answer in place ("async" tells the action).
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        form.set("async", "1");
        fetcher?.submit(form, { method: "post", action, preventScrollReset: true });
      }}
    >
      <input type="hidden" name="intent" value="like" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={`action${shown.saved ? " action--on" : ""}`} aria-pressed={shown.saved}>
        <Icon name="bookmark" />{shown.saved ? " Saved! " : " Save "}<span className="count">{shown.count}</span>
      </button>
      {refusal ? (
        <span className="field__errors" role="alert">
          {refusal}
        </span>
      ) : null}
    </form>
  );
}
