// Icons carry only their shape: how they are drawn (size, stroke, colour) is
// the stylesheet's, so a page's dozens of icons are little work to render and
// hydrate.
import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon, VerifiedBadge } from "~/components/icons";

const css = fs.readFileSync("app/styles/app.css", "utf8");

describe("icons", () => {
  it("are an svg with their path, hidden from screen readers; the badge is named", () => {
    expect(renderToStaticMarkup(createElement(Icon, { name: "share" }))).toBe(
      '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 3v12M7 8l5-5 5 5M5 14v6h14v-6"></path></svg>',
    );
    expect(renderToStaticMarkup(createElement(Icon, { name: "plus", small: true }))).toContain('class="icon icon--small"');
    expect(renderToStaticMarkup(createElement(VerifiedBadge))).toMatch(/^<svg class="badge" viewBox="0 0 24 24" role="img" aria-label="Verified"><circle [^>]+><\/circle><path [^>]+><\/path><\/svg>$/);
  });

  it("are drawn by the stylesheet: a 24px round stroke in the text's colour, the badge a disc in its own", () => {
    expect(css).toMatch(/\.icon \{ width: 24px; height: 24px; flex: none; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; \}/);
    expect(css).toMatch(/\.badge circle \{ fill: currentColor; \}/);
  });
});
