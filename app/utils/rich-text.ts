import type { TextBlock } from "~/types/views";

/**
 * The composer's text as blocks, one per line (docs/product.md §6: without JS the editor
 * is a textarea whose lines are the blocks). Blank lines at either end are dropped.
 */
export function textToBlocks(text: string | undefined | null): TextBlock[] {
  // trimEnd, not /\s+$/: that regex is quadratic on a long run of spaces followed by a non-space.
  const lines = (text ?? "").replace(/\r\n?/g, "\n").split("\n").map((line) => line.trimEnd());
  // Slice, not shift(): shifting one blank line at a time is quadratic.
  const first = lines.findIndex((line) => line !== "");
  if (first < 0) return [];
  const last = lines.findLastIndex((line) => line !== "");
  return lines.slice(first, last + 1).map((line) => ({ text: line }));
}

export function blocksToText(blocks: TextBlock[]): string {
  return blocks.map((b) => b.text).join("\n");
}

/** The length of every block's text, plus 2 for each block after the first. */
export function countCharacters(blocks: TextBlock[]): number {
  return blocks.reduce((n, b) => n + codePoints(b.text), 0) + 2 * Math.max(0, blocks.length - 1);
}

/** Characters as a person counts them (an emoji is one), without building an array of them. */
function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The same count for raw composer text. */
export function countTextCharacters(text: string): number {
  return countCharacters(textToBlocks(text));
}
