// A project's or game's page, /project/{id} and /game/{id} (docs/product.md §20):
// about (the readme) or comments, and the owner's delete; the rule each of
// the page's forms needs. The routes answer over HTTP (app/http/portfolio-page.server.ts).
import {
  canDeletePortfolio,
  DELETED_MESSAGE,
  deletePortfolioItem,
  ensurePortfolioFresh,
  getPortfolioItem,
  PortfolioError,
  type PortfolioKind,
} from "~/models/portfolio.server";
import { getThread } from "~/models/posts.server";
import type { User } from "~/models/users.server";
import { renderContent } from "~/services/content.server";

export type PortfolioTab = "about" | "comments";

const FOLDER = { project: "projects", game: "games" } as const;

/** What `viewer` sees of the item: only the open tab is loaded, the readme (cached HTML) or one page of the thread from `commentsCursor`. */
export async function portfolioPage(kind: PortfolioKind, opts: { id: string; viewer: User | null | undefined; timeZone: string; show: PortfolioTab; commentsCursor: string | null }) {
  const { id, viewer, show } = opts;
  await ensurePortfolioFresh();
  const found = await getPortfolioItem(kind, id, viewer?.id);
  if (found.status !== "ok") return { status: found.status, kind, show, item: null, readme: null, comments: [], nextComments: null, canDelete: false };
  const readme = show === "about" ? ((await renderContent(FOLDER[kind], id))?.html ?? null) : null;
  const thread = show === "comments" ? await getThread(kind === "game" ? { gameId: id } : { projectId: id }, opts.timeZone, viewer?.id, opts.commentsCursor) : null;
  return {
    status: "ok" as const,
    kind,
    show,
    item: found.item,
    readme,
    comments: thread?.comments ?? [],
    nextComments: thread?.nextCursor ?? null,
    canDelete: canDeletePortfolio(viewer, found.item.owner.id),
  };
}

/** Intents of a game's or project's page and the rule each one needs (checked before the body is read). */
export const PORTFOLIO_INTENTS = { like: "portfolio.save", comment: "portfolio.comment", delete: "portfolio.manage" } as const;
export type PortfolioIntent = keyof typeof PORTFOLIO_INTENTS;
export const isPortfolioIntent = (value: unknown): value is PortfolioIntent => typeof value === "string" && Object.hasOwn(PORTFOLIO_INTENTS, value);

const DELETED_ALERT = { project: "Your project was deleted", game: "Your game was deleted" } as const;

export type DeletePortfolioResult =
  | { ok: true; message: string }
  | { ok: false; code: "FORBIDDEN" | "NOT_FOUND"; status: number; message: string }
  // Already deleted, or nothing was deleted ("Couldn't delete … images", "Something went wrong"): the reason, on the page.
  | { ok: false; code: "GONE" | "FAILED"; message: string };

/** The owner deletes their game or project. */
export async function deletePortfolio(kind: PortfolioKind, id: string, user: User): Promise<DeletePortfolioResult> {
  try {
    await deletePortfolioItem(kind, id, user);
  } catch (error) {
    if (!(error instanceof PortfolioError)) throw error;
    if (error.status === 403 || error.status === 404) return { ok: false, code: error.status === 403 ? "FORBIDDEN" : "NOT_FOUND", status: error.status, message: error.message };
    if (error.status === 410) return { ok: false, code: "GONE", message: DELETED_MESSAGE[kind] };
    return { ok: false, code: "FAILED", message: error.message };
  }
  return { ok: true, message: DELETED_ALERT[kind] };
}
