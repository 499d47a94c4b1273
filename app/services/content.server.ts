// The owner's MDX (content/): front matter validated with Zod, bodies compiled
// on the server and sent as HTML. MDX is trusted code: only the owner writes
// these files, and user text never goes through here.
import fs from "node:fs";
import path from "node:path";
import { evaluate } from "@mdx-js/mdx";
import { createElement } from "react";
import * as runtime from "react/jsx-runtime";
import { renderToStaticMarkup } from "react-dom/server";
import { VFile } from "vfile";
import { matter } from "vfile-matter";
import { contentSchemas, type ContentKind, type FrontMatter } from "./content-schema.server";

export const CONTENT_DIR = path.resolve(process.cwd(), "content");

export type ContentEntry<K extends ContentKind> = {
  id: string;
  file: string;
  data: FrontMatter<K>;
};

const ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

function readEntry(file: string): { vfile: VFile; matter: unknown } {
  const vfile = new VFile({ path: file, value: fs.readFileSync(file, "utf8") });
  matter(vfile, { strip: true });
  return { vfile, matter: vfile.data.matter };
}

/**
 * Lists the valid entries of one content folder. A broken file is reported by
 * name and field and left out, so one bad file does not take the site down.
 */
export function listContent<K extends ContentKind>(
  kind: K,
  onError: (message: string) => void = (m) => console.error(m),
  dir = CONTENT_DIR,
): ContentEntry<K>[] {
  const folder = path.join(dir, kind);
  if (!fs.existsSync(folder)) return [];
  const entries: ContentEntry<K>[] = [];
  for (const name of fs.readdirSync(folder).sort()) {
    if (!name.endsWith(".mdx")) continue;
    const id = name.slice(0, -4);
    const file = path.join(folder, name);
    const where = path.relative(process.cwd(), file);
    if (!ID_PATTERN.test(id)) {
      onError(`${where}: the file name must be lowercase letters, digits and hyphens`);
      continue;
    }
    try {
      const parsed = contentSchemas[kind].safeParse(readEntry(file).matter);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        onError(`${where}: ${issue?.path.join(".") || "front matter"} ${issue?.message ?? "is invalid"}`);
        continue;
      }
      entries.push({ id, file, data: parsed.data as FrontMatter<K> });
    } catch (error) {
      onError(`${where}: ${(error as Error).message}`);
    }
  }
  return entries;
}

type Rendered = { mtimeMs: number; html: string; title: string };
const renderCache = new Map<string, Rendered>();

/** Renders one MDX file to HTML, cached until the file changes on disk. */
export async function renderContent(
  kind: ContentKind,
  id: string,
  dir = CONTENT_DIR,
): Promise<{ html: string; title: string } | null> {
  if (!ID_PATTERN.test(id)) return null;
  const file = path.join(dir, kind, `${id}.mdx`);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  const cached = renderCache.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs) return cached;
  const { vfile, matter: data } = readEntry(file);
  const title = (data as { title?: unknown }).title;
  const { default: Content } = await evaluate(vfile, { ...runtime, baseUrl: import.meta.url });
  const html = renderToStaticMarkup(createElement(Content));
  const rendered = { mtimeMs: stat.mtimeMs, html, title: typeof title === "string" ? title : id };
  renderCache.set(file, rendered);
  return rendered;
}
