// Icons are drawn by the stylesheet (a mask per name): every name the
// component accepts must have its drawing there, and the markup stays one
// empty, hidden element.
import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon, ICON_NAMES, VerifiedBadge } from "~/components/icons";

const css = fs.readFileSync("app/styles/app.css", "utf8");

describe("icons", () => {
  it.each(ICON_NAMES)("%s has its drawing in app.css", (name) => {
    const rule = new RegExp(`\\.icon--${name} \\{ --icon: url\\("data:image/svg\\+xml,<svg [^"]+</svg>"\\); \\}`);
    expect(css).toMatch(rule);
  });

  it("is one empty element hidden from screen readers; the badge is named", () => {
    expect(renderToStaticMarkup(createElement(Icon, { name: "share" }))).toBe('<span class="icon icon--share" aria-hidden="true"></span>');
    expect(renderToStaticMarkup(createElement(Icon, { name: "plus", small: true }))).toBe('<span class="icon icon--plus icon--small" aria-hidden="true"></span>');
    expect(renderToStaticMarkup(createElement(VerifiedBadge))).toBe('<span class="badge" role="img" aria-label="Verified"></span>');
  });
});
