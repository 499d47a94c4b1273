// Express middleware that applies to every request before Remix sees it.
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { campusIdFromHost } from "~/utils/campus";
import type { Config } from "./config.server";
import { regionGate } from "./geo.server";

/** Single-fetch data requests (client navigations, revalidations, fetchers). */
const isDataRequest = (req: Request) => req.path.endsWith(".data");

/**
 * The region gate (spec §6), once per request and before any loader or action
 * runs, so a blocked visitor can neither read nor write. Documents and resource
 * routes are redirected to /404. A data request cannot follow a plain redirect:
 * a blocked GET is flagged for the root loader, which answers with a Remix
 * redirect; a blocked POST gets an empty 204 (its action never runs) and the
 * revalidation the browser makes next is redirected in turn.
 */
export function regionGateMiddleware(cfg: Config["geo"]) {
  if (cfg.gate && !cfg.countryHeader) {
    console.warn("Region gate is on but GEO_COUNTRY_HEADER is not set: no visitor can be placed, so all are let in.");
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const decision = regionGate({ path: req.path, ip: req.ip, header: (name) => req.get(name) }, cfg);
    if (decision.allow) return next();
    res.set("Cache-Control", "no-store");
    const read = req.method === "GET" || req.method === "HEAD";
    if (isDataRequest(req)) {
      if (!read) return res.status(204).end();
      res.locals.regionBlocked = true;
      return next();
    }
    res.redirect(read ? 302 : 303, "/404");
  };
}

export type PageView = { path: string; campusId: string; userId: string | undefined };

/**
 * Calls `record` (the server passes the analytics model's) for every HTML
 * document served with 200 to a person (not a bot): not for data requests,
 * static files (served before this) or /healthz. Only the path, campus and,
 * when `userIdFor` can tell, the user id are passed.
 */
export function pageViewMiddleware(
  record: (view: PageView) => Promise<void>,
  userIdFor?: (req: Request, res: Response) => string | undefined,
) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" && !isDataRequest(req) && req.path !== "/healthz") {
      res.on("finish", () => {
        const type = String(res.getHeader("Content-Type") ?? "");
        if (res.statusCode !== 200 || !type.startsWith("text/html") || isbot(req.get("user-agent") ?? "")) return;
        // The response has gone: nothing waits for this, and `record` never throws.
        void record({
          path: req.path,
          campusId: campusIdFromHost(req.get("host")),
          userId: userIdFor?.(req, res),
        });
      });
    }
    next();
  };
}
