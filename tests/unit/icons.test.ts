// Icons are one element each, drawn by the stylesheet (their shape a mask in the
// text's colour), so a page's dozens of icons are little work to render, send and
// hydrate.
import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon, ICON_NAMES, VerifiedBadge } from "~/components/icons";

const css = fs.readFileSync("app/styles/app.css", "utf8");

/** The SVG a `.icon-NAME` rule paints, decoded from its data URL (null when there is no such rule). */
function iconSvg(name: string): string | null {
  const rule = new RegExp(`^\\.icon-${name} \\{ --icon: url\\("data:image/svg\\+xml,([^"]+)"\\); \\}$`, "m").exec(css);
  return rule?.[1] ? decodeURIComponent(rule[1]) : null;
}

describe("icons", () => {
  it("are one empty span (nothing for a screen reader); the badge is named", () => {
    expect(renderToStaticMarkup(createElement(Icon, { name: "share" }))).toBe('<span class="icon icon-share"></span>');
    expect(renderToStaticMarkup(createElement(Icon, { name: "plus", small: true }))).toBe('<span class="icon icon-plus icon--small"></span>');
    expect(renderToStaticMarkup(createElement(VerifiedBadge))).toBe('<span class="badge" role="img" aria-label="Verified"></span>');
  });

  it("each has its shape in the stylesheet: a 24-unit round stroke of 2, painted in the text's colour", () => {
    for (const name of ICON_NAMES) {
      const svg = iconSvg(name);
      expect(svg, `.icon-${name}`).toMatch(
        /^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='0 0 24 24' fill='none' stroke='#000' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><path d='[MmLlHhVvCcSsQqTtAaZz0-9 .,-]+'\/><\/svg>$/,
      );
    }
    expect(css).toMatch(/^\.icon, \.nav-icon::before \{ display: inline-block; width: 24px; height: 24px; flex: none; background-color: currentColor; -webkit-mask: var\(--icon\) [^;]+; mask: var\(--icon\) [^;]+; forced-color-adjust: none;/m);
    // No shape without an icon that uses it.
    const rules = [...css.matchAll(/^\.icon-([\w-]+) \{ --icon:/gm)].map((m) => m[1]);
    expect(rules.sort()).toEqual([...ICON_NAMES].sort());
  });

  it("the badge is a white check in a blue disc, colours that forced-colours mode keeps (an image)", () => {
    const rule = /^\.badge \{[^}]*background: url\("data:image\/svg\+xml,([^"]+)"\)/m.exec(css);
    expect(rule).not.toBeNull();
    const svg = decodeURIComponent(rule?.[1] ?? "");
    expect(svg).toContain("<circle cx='12' cy='12' r='11' fill='#1d4ed8'/>");
    expect(svg).toContain("stroke='#fff'");
  });
});
