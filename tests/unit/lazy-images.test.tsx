// A lazy image stays lazy when the browser creates it (a card React renders
// there rather than hydrates): React sets a new element's attributes in the
// order its props are written, and an <img> given its source before
// loading="lazy" starts loading at once. So `loading` comes before `src` and
// `srcSet` in every image. (A /home whose lower cards were rendered again
// after the route discovery loaded all ten photos instead of five.)
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MediaGallery } from "~/components/post-media";
import type { MediaView } from "~/types/views";

const photo = (n: number): MediaView => ({
  kind: "image",
  src: `/media/posts/p/${n}-640.webp`,
  srcSet: `/media/posts/p/${n}-200.webp 200w, /media/posts/p/${n}-640.webp 640w`,
  width: 640,
  height: 480,
  name: `${n}.jpg`,
  alt: `Photo ${n}`,
  video: null,
});

/** Every JSX <img …/> in the app's source, with its file. */
function imageTags(): { file: string; tag: string }[] {
  const tags: { file: string; tag: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (full.endsWith(".tsx")) {
        const source = fs.readFileSync(full, "utf8");
        for (const m of source.matchAll(/<img\b[\s\S]*?\/>/g)) tags.push({ file: full, tag: m[0] });
      }
    }
  };
  walk("app");
  return tags;
}

describe("lazy images", () => {
  it("say loading before their sources in every component", () => {
    const lazy = imageTags().filter(({ tag }) => /\bloading=/.test(tag));
    expect(lazy.length).toBeGreaterThanOrEqual(4);
    for (const { file, tag } of lazy) {
      const loading = tag.search(/\bloading=/);
      for (const source of [/\ssrc=/, /\ssrcSet=/]) {
        const at = tag.search(source);
        if (at >= 0) expect(loading, `${file}: ${tag}`).toBeLessThan(at);
      }
    }
  });

  it("a post's gallery renders them so", () => {
    const html = renderToStaticMarkup(createElement(MediaGallery, { media: [photo(1), photo(2)] }));
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(2);
    for (const img of images) {
      expect(img).toMatch(/^<img loading="lazy" /);
      expect(img.indexOf(" srcSet=")).toBeGreaterThan(img.indexOf(" loading="));
      expect(img.indexOf(" src=")).toBeGreaterThan(img.indexOf(" loading="));
    }
  });
});
