import type { TextBlock } from "~/types/views";

/** Post and comment limit (§5, §9). */
export const POST_MAX_CHARACTERS = 500;

/**
 * The composer's text as blocks, one per line (design B: without JS the editor
 * is a textarea whose lines are the blocks). Blank lines at either end are dropped.
 */
export function textToBlocks(text: string | undefined | null): TextBlock[] {
  const lines = (text ?? "").replace(/\r\n?/g, "\n").split("\n").map((line) => line.replace(/\s+$/, ""));
  while (lines.length && !lines[0]!.trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1]!.trim()) lines.pop();
  return lines.map((line) => ({ text: line }));
}

export function blocksToText(blocks: TextBlock[]): string {
  return blocks.map((b) => b.text).join("\n");
}

/** §5: the length of every block's text, plus 2 for each block after the first. */
export function countCharacters(blocks: TextBlock[]): number {
  return blocks.reduce((n, b) => n + [...b.text].length, 0) + 2 * Math.max(0, blocks.length - 1);
}

/** The same count for raw composer text. */
export function countTextCharacters(text: string): number {
  return countCharacters(textToBlocks(text));
}
