// The server's side of RememberedBody (app/components/fragment-cache.tsx): a
// piece's HTML by its name and props, least recently used dropped first.
// The key is the piece's whole input, so two readers share a piece's HTML
// only when it would be the same for both (docs/product.md §22).
import { LRUCache } from "lru-cache";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { FragmentRenderer } from "~/types/fragment";

/** At most this many characters of keys and HTML (about 16 MB of strings). */
const MAX_CHARS = 8_000_000;

/** A renderer keeping at most `maxChars` of keys and HTML; `render` is React's renderToString (a test may count its calls). */
export function createFragmentRenderer(maxChars = MAX_CHARS, render: (element: ReactElement) => string = renderToString): FragmentRenderer {
  const rendered = new LRUCache<string, string>({
    maxSize: maxChars,
    sizeCalculation: (html, key) => html.length + key.length,
  });
  return (key: string, element: ReactElement) => {
    let html = rendered.get(key);
    if (html === undefined) {
      // React's server renderer supports a render inside another: the page's render resumes as it was.
      html = flat(render(element));
      rendered.set(key, html);
    }
    return html;
  };
}

/**
 * `html` as one piece of memory. React builds a render's HTML by appending
 * piece to piece (a chain of thousands); a page that includes the chain is
 * flattened into bytes once per request, and V8 then copies the page, not the
 * remembered chain inside it, so every request walked every remembered piece
 * again: 0.1 ms per page (docs/product.md §22). The bytes sent are the same.
 */
function flat(html: string): string {
  return Buffer.from(html, "utf8").toString("utf8");
}

/** The process's renderer, used by every page render. */
export const fragmentRenderer = createFragmentRenderer();
