// The owner's MDX (content/): front matter validated with Zod, bodies compiled
// on the server and sent as HTML. MDX is trusted code: only the owner writes
// these files, and user text never goes through here.
import fs from "node:fs";
import path from "node:path";
import { evaluate } from "@mdx-js/mdx";
import { createElement, type ComponentProps } from "react";
import * as runtime from "react/jsx-runtime";
import { renderToStaticMarkup } from "react-dom/server";
import { VFile } from "vfile";
import { matter } from "vfile-matter";
import { config } from "./config.server";
import { contentSchemas, type ContentKind, type FrontMatter } from "./content-schema.server";

/** The content folder of this process (CONTENT_DIR, default ./content). */
export function contentRoot(dir?: string): string {
  return path.resolve(dir ?? config().contentDir);
}

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

/** How a file is named in messages: relative to the working directory when inside it. */
function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") ? file : relative;
}

type Issue = { path: PropertyKey[]; message: string };

/** "content/games/x.mdx: title: Invalid input…; created_at: must be a date like 2024-01-31" */
export function describeIssues(file: string, issues: Issue[]): string {
  const parts = issues.map((issue) => `${issue.path.map(String).join(".") || "front matter"}: ${issue.message}`);
  return `${displayPath(file)}: ${parts.join("; ") || "front matter is invalid"}`;
}

/**
 * Lists the valid entries of one content folder. A broken file is reported by
 * name and field and left out, so one bad file does not take the site down.
 */
export function listContent<K extends ContentKind>(
  kind: K,
  onError: (message: string) => void = (m) => console.error(m),
  dir?: string,
): ContentEntry<K>[] {
  const folder = path.join(contentRoot(dir), kind);
  if (!fs.existsSync(folder)) return [];
  const entries: ContentEntry<K>[] = [];
  for (const name of fs.readdirSync(folder).sort()) {
    if (!name.endsWith(".mdx")) continue;
    const id = name.slice(0, -4);
    const file = path.join(folder, name);
    if (!ID_PATTERN.test(id)) {
      onError(`${displayPath(file)}: the file name must be lowercase letters, digits and hyphens`);
      continue;
    }
    try {
      const parsed = contentSchemas[kind].safeParse(readEntry(file).matter ?? {});
      if (!parsed.success) {
        onError(describeIssues(file, parsed.error.issues));
        continue;
      }
      entries.push({ id, file, data: parsed.data as FrontMatter<K> });
    } catch (error) {
      // Unreadable file or broken YAML.
      onError(`${displayPath(file)}: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  return entries;
}

/**
 * A fingerprint of the files of some content folders (names, sizes and
 * modification times): it changes when a file is added, edited or removed.
 */
export function contentSignature(kinds: ContentKind[], dir?: string): string {
  const root = contentRoot(dir);
  const parts: string[] = [];
  for (const kind of kinds) {
    const folder = path.join(root, kind);
    let names: string[];
    try {
      names = fs.readdirSync(folder).filter((n) => n.endsWith(".mdx")).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      try {
        const stat = fs.statSync(path.join(folder, name));
        parts.push(`${kind}/${name}:${stat.size}:${stat.mtimeMs}`);
      } catch {
        // Removed between the listing and the stat: the next call sees it.
      }
    }
  }
  return parts.join("|");
}

/** Links in the owner's readmes: other sites open in a new tab. */
function ContentLink(props: ComponentProps<"a">) {
  const external = typeof props.href === "string" && /^https?:\/\//.test(props.href);
  return createElement("a", external ? { ...props, target: "_blank", rel: "noopener noreferrer" } : props);
}

function ContentImage(props: ComponentProps<"img">) {
  return createElement("img", { loading: "lazy", decoding: "async", ...props });
}

/** Code blocks scroll sideways: keyboard users can focus them to scroll. */
function ContentPre(props: ComponentProps<"pre">) {
  return createElement("pre", { tabIndex: 0, ...props });
}

const COMPONENTS = { a: ContentLink, img: ContentImage, pre: ContentPre };

export type RenderedContent = {
  /** The readme as HTML; null when the file could not be compiled (the error is logged). */
  html: string | null;
  title: string;
};

type CacheEntry = RenderedContent & { version: string };
const renderCache = new Map<string, CacheEntry>();

/**
 * Renders one MDX file to HTML, cached until the file changes on disk (so an
 * edit shows on the next request, without a restart). Null when there is no
 * such file; a file that does not compile is logged by name and rendered as
 * `html: null` instead of failing the page.
 */
export async function renderContent(kind: ContentKind, id: string, dir?: string): Promise<RenderedContent | null> {
  if (!ID_PATTERN.test(id)) return null;
  const file = path.join(contentRoot(dir), kind, `${id}.mdx`);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  const version = `${stat.size}:${stat.mtimeMs}`;
  const cached = renderCache.get(file);
  if (cached?.version === version) return { html: cached.html, title: cached.title };

  let rendered: RenderedContent;
  try {
    const { vfile, matter: data } = readEntry(file);
    const title = (data as { title?: unknown } | undefined)?.title;
    const { default: Content } = await evaluate(vfile, { ...runtime, baseUrl: import.meta.url, development: false });
    rendered = {
      html: renderToStaticMarkup(createElement(Content, { components: COMPONENTS })),
      title: typeof title === "string" ? title : id,
    };
  } catch (error) {
    console.error(`${displayPath(file)}: ${(error as Error).message}`);
    rendered = { html: null, title: id };
  }
  renderCache.set(file, { ...rendered, version });
  return rendered;
}

/**
 * Compiles every file once (at start-up), so the first reader does not wait
 * for the compiler and a file that does not compile is reported at once.
 */
export async function warmContent(dir?: string): Promise<number> {
  let count = 0;
  for (const kind of Object.keys(contentSchemas) as ContentKind[]) {
    const folder = path.join(contentRoot(dir), kind);
    if (!fs.existsSync(folder)) continue;
    for (const name of fs.readdirSync(folder)) {
      if (!name.endsWith(".mdx")) continue;
      const rendered = await renderContent(kind, name.slice(0, -4), dir);
      if (rendered?.html != null) count++;
    }
  }
  return count;
}
