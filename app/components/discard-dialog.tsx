import { Link } from "@remix-run/react";
import { safePath } from "~/utils/navigation";
import { Dialog } from "./dialog";

const DISCARD = {
  post: { title: "Discard Post?", text: "Are you sure? Your draft will not be saved." },
  comment: { title: "Discard Comment?", text: "Are you sure? Your draft will not be saved." },
  edit: { title: "Discard changes?", text: "Are you sure? Your changes will not be saved." },
} as const;

/**
 * The composer's "Discard Post?" question (docs/product.md §6), rendered inside
 * its form: Discard leaves (`onDiscard`, or a link back to `goBack`); Keep
 * Writing closes it with JS (`onKeep`) and, without JS, posts the draft back so
 * the composer returns with it.
 */
export function DiscardDialog({ kind, goBack, onDiscard, onKeep }: { kind: keyof typeof DISCARD; goBack: string; onDiscard?: () => void; onKeep: () => void }) {
  return (
    <Dialog title={DISCARD[kind].title} id="discard" description={DISCARD[kind].text} alert onClose={onKeep}>
      <div className="button-row">
        {onDiscard ? (
          <button type="button" className="button button--danger" onClick={onDiscard}>
            Discard
          </button>
        ) : (
          <Link to={safePath(goBack)} className="button button--danger">
            Discard
          </Link>
        )}
        <button
          type="submit"
          name="intent"
          value="keep"
          className="button"
          formNoValidate
          onClick={(e) => {
            e.preventDefault();
            onKeep();
          }}
        >
          Keep Writing
        </button>
      </div>
    </Dialog>
  );
}
