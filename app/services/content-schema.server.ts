import * as z from "zod";

const isoDay = z
  .union([z.string(), z.date()])
  .transform((value, ctx) => {
    const time = new Date(value).getTime();
    if (Number.isNaN(time)) {
      ctx.addIssue({ code: "custom", message: "must be a date like 2024-01-31" });
      return z.NEVER;
    }
    return time;
  });

const sitePathOrUrl = z
  .string()
  .refine((v) => v.startsWith("/") || /^https?:\/\//.test(v), "must be a /path or an http(s) URL");

/** Front matter of content/projects/*.mdx (docs/product.md §20). */
export const projectFrontMatter = z.object({
  title: z.string().min(1).max(80),
  short_description: z.string().min(1).max(200),
  github_link: z.string().url().optional(),
  view_link: z.string().url().optional(),
  icon_link: sitePathOrUrl.optional(),
  banner_img: sitePathOrUrl.optional(),
  created_at: isoDay,
});

/** Front matter of content/games/*.mdx (docs/product.md §20). */
export const gameFrontMatter = z.object({
  title: z.string().min(1).max(80),
  short_description: z.string().min(1).max(200),
  game_link: sitePathOrUrl,
  icon_link: sitePathOrUrl.optional(),
  created_at: isoDay,
});

/** Front matter of content/pages/*.mdx. */
export const pageFrontMatter = z.object({
  title: z.string().min(1).max(80),
});

export const contentSchemas = {
  projects: projectFrontMatter,
  games: gameFrontMatter,
  pages: pageFrontMatter,
} as const;
export type ContentKind = keyof typeof contentSchemas;
export type FrontMatter<K extends ContentKind> = z.output<(typeof contentSchemas)[K]>;
