import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Icon } from "./icons";

/**
 * Share (docs/product.md §8): the link `{origin}/post/{id}?redirect=true`. The menu is URL
 * state; without JS the link is there to copy by hand. With JS, Copy link puts
 * it on the clipboard ("Copied!" for about 1 s, then "Copied to clipboard" for
 * about 2 s), and phones that can get the system share sheet.
 */
export function ShareMenu({ url, title, closeHref }: { url: string; title: string; closeHref: string }) {
  const [copied, setCopied] = useState(false);
  const [modal, setModal] = useState(false);
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  useEffect(() => {
    if (!copied) return;
    const a = setTimeout(() => {
      setCopied(false);
      setModal(true);
    }, 1000);
    return () => clearTimeout(a);
  }, [copied]);
  useEffect(() => {
    if (!modal) return;
    const b = setTimeout(() => setModal(false), 2000);
    return () => clearTimeout(b);
  }, [modal]);

  return (
    <div className="share-menu" role="group" aria-label="Share">
      <label htmlFor={`share-${url}`} className="share-menu__label">
        Link to share
      </label>
      <input id={`share-${url}`} className="share-menu__link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      <div className="button-row">
        <button
          type="button"
          className="button button--small js-only"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              setCopied(true);
            } catch {
              // Clipboard refused (permissions): the link stays selectable above.
            }
          }}
        >
          {copied ? "Copied!" : "Copy link"}
        </button>
        {canShare ? (
          <button type="button" className="button button--small" onClick={() => navigator.share({ title, url }).catch(() => undefined)}>
            <Icon name="share" /> Share…
          </button>
        ) : null}
        <Link to={closeHref} className="button button--small button--ghost" preventScrollReset replace>
          Close
        </Link>
      </div>
      {modal ? (
        <div className="alert alert--success share-menu__copied" role="status">
          <p className="alert__message">Copied to clipboard</p>
        </div>
      ) : null}
    </div>
  );
}
