// The production server: Express + the Remix build, compiled into build/index.js.
import zlib from "node:zlib";
import * as build from "@remix-run/dev/server-build";
// The adapter's own request and response bridges (dist/server is what its createRequestHandler uses).
import { createRemixRequest } from "@remix-run/express/dist/server.js";
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { createListingReminderJob } from "./flows/listing-reminders.server";
import { createListingAlertJob } from "./flows/saved-search-alerts.server";
import { createStorageSweepJob } from "./flows/storage-sweep.server";
import { createVideoProcessingJob } from "./flows/video-processing.server";
import { createPushDeliveryJob } from "./flows/push-delivery.server";
import { flushPageViews, recordPageView } from "./models/events.server";
import { listUnsubscribeHeaders } from "./models/unsubscribe.server";
import { config, ConfigError } from "./services/config.server";
import { buildAssets } from "./services/build-assets.server";
import { warmContent } from "./services/content.server";
import { checkDatabase, closeDatabase, migrateDatabase } from "./services/db.server";
import { createPageCache } from "./services/page-cache.server";
import { DOCUMENT_COMPRESSION, sendResponse } from "./services/response-compression.server";
import { createPriceScheduleJob } from "./flows/listing-extras.server";
import { createJobRegistry } from "./services/jobs.server";
import { configuredMailWorker } from "./services/mail-worker.server";
import { withRequestScope } from "./services/request-scope.server";
import { describeFfmpeg } from "./services/video/ffmpeg.server";
import { countStatements } from "./services/statement-count.server";
import { cspNonce } from "./services/csp-nonce.server";
import { trackConnections, within } from "./services/shutdown.server";
import {
  formContentTypeMiddleware,
  fromThisMachine,
  hstsMiddleware,
  pageViewMiddleware,
  regionGateMiddleware,
  sameOriginMiddleware,
  trustedHostMiddleware,
  urlEncodingMiddleware,
} from "./services/middleware.server";
import { servedOverHttps, setServerPort } from "./services/urls.server";
import { ACCOUNT_HEADER, accountMarker, isVisitor, serviceWorkerHandler } from "./services/service-worker.server";
import { seed } from "./flows/seed.server";

/** Remix's route manifest, JSON the browser asks for as links appear on a page. */
const ROUTE_MANIFEST = "/__manifest";
/** The manifest is the same for everyone and cached for a year: quality 6 takes a fifth off it for about 0.3 ms. */
const MANIFEST_COMPRESSION: compression.CompressionOptions = { brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } } };

async function start() {
  const cfg = config();
  // Without SESSION_SECRET (outside production) this generates and stores the secret now, not at the first sign-in.
  if (!cfg.sessionSecret) throw new ConfigError("Invalid configuration: SESSION_SECRET is empty");
  // A wrong DATABASE_URL or an unreachable server stops here with one line naming it.
  await checkDatabase();
  // --migrate-only: a release step runs the migrations and the seed once, and the processes skip them (MIGRATE_ON_START=0).
  const migrateOnly = process.argv.includes("--migrate-only") || process.argv.includes("--seed-only");
  if (cfg.migrateOnStart || migrateOnly) await migrateDatabase(() => seed());
  if (migrateOnly) return closeDatabase();
  // Compile the owner's MDX now: the first reader does not wait, and a file that does not compile is reported at start.
  void warmContent();

  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-* are believed only from the proxy TRUST_PROXY names (default: nobody).
  app.set("trust proxy", cfg.trustProxy);
  const compressDocuments = compression(DOCUMENT_COMPRESSION);
  const compressManifest = compression(MANIFEST_COMPRESSION);
  app.use((req, res, next) => (req.path === ROUTE_MANIFEST ? compressManifest : compressDocuments)(req, res, next));
  // Once a shutdown has begun, health checks fail so a load balancer sends no more (see stop below).
  let shuttingDown = false;
  app.use("/healthz", (_req, res, next) => (shuttingDown ? res.status(503).set("Cache-Control", "no-store").type("text/plain").send("shutting down") : next()));
  // Malformed or cross-site requests end here with a 4xx.
  app.use(trustedHostMiddleware(), urlEncodingMiddleware(), sameOriginMiddleware(), formContentTypeMiddleware());

  // Static files carry only what they need: nosniff and caching, not the document's policy.
  const staticHeaders = (res: express.Response) => res.setHeader("X-Content-Type-Options", "nosniff");
  // Fingerprinted assets never change: cache them for a year. Scripts and styles go out
  // brotli-compressed once at quality 11 (compression() leaves an encoded body alone);
  // a client without brotli gets the static file, gzipped by compression().
  app.use("/build", buildAssets("public/build"), express.static("public/build", { immutable: true, maxAge: "1y", setHeaders: staticHeaders }));
  // HSTS on every other response served over https (the documents carry it; the assets above need not).
  app.use(hstsMiddleware(servedOverHttps));

  // The owner's games are static pages with their own script files (no nonce):
  // they get a policy that allows scripts from this site only.
  app.use(
    "/games",
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'"],
          "style-src": ["'self'"],
          "img-src": ["'self'", "data:"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
        },
      },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: false, // hstsMiddleware
    }),
    express.static("public/games", { maxAge: "1h" }),
  );
  // The service worker: public/service-worker.js with this build's cache version and shell (docs/product.md §26).
  app.get("/sw.js", serviceWorkerHandler(build.assets));
  // Only a path that names a file (it has an extension) is looked up on disk: a page request skips the
  // file system, and so does a page's data for a navigation with JS (`/home.data`; no file here ends so).
  // Icons, logos and cards: revalidated by their ETag alone, and never asked for in parts.
  const publicFiles = express.static("public", { maxAge: "1h", setHeaders: staticHeaders, redirect: false, lastModified: false, acceptRanges: false });
  app.use((req, res, next) => (/\.(?!data$)\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));

  // Documents and everything else Remix answers: the nonce-based CSP and the rest of helmet.
  app.use((_req, res, next) => {
    res.locals.cspNonce = cspNonce();
    next();
  });
  // Uploaded photos and videos (/media, a Remix route) are files, and the route manifest the
  // browser asks for as links appear (/__manifest) is JSON: neither is a document, and the
  // document's policy would add about 1 KB to every one. The media route sets nosniff and caching.
  const isDocument = (path: string) => !path.startsWith("/media/") && path !== ROUTE_MANIFEST;
  const isPublicMedia = (path: string, response: Response) =>
    path.startsWith("/media/") && /^public\b/.test(response.headers.get("Cache-Control") ?? "");
  const onDocuments =
    (handler: express.RequestHandler): express.RequestHandler =>
    (req, res, next) =>
      isDocument(req.path) ? handler(req, res, next) : next();
  app.use(
    onDocuments(helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": [
            "'strict-dynamic'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
          ],
          "style-src": ["'self'"],
          "style-src-attr": ["'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:", "https:"],
          "media-src": ["'self'", "blob:"],
          "connect-src": ["'self'"],
          "font-src": ["'self'"],
          "worker-src": ["'self'"],
          "manifest-src": ["'self'"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          // Google sign-in is a form post answered by a redirect to Google (or its local stand-in in tests).
          "form-action": ["'self'", "https://accounts.google.com", ...(cfg.google?.oauthBaseUrl ? [new URL(cfg.google.oauthBaseUrl).origin] : [])],
          "frame-ancestors": ["'none'"],
          ...(cfg.production ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: false, // hstsMiddleware
    })),
  );
  app.use(regionGateMiddleware(cfg.geo));
  // The root loader names the signed-in user (setViewer below) from the verified session.
  app.use(pageViewMiddleware(recordPageView, (_req, res) => res.locals.viewerId as string | undefined));

  const handleRequest = createRequestHandler(build, build.mode);
  // Each request in a scope of its own, so its loaders share what it looked up once (the session).
  // COUNT_STATEMENTS=1 (the bench): each response says how many statements its request sent.
  const render: typeof handleRequest = (request, context) =>
    withRequestScope(async () => {
      if (!cfg.countStatements) return handleRequest(request, context);
      const { result, statements } = await countStatements(() => handleRequest(request, context));
      result.headers.set("X-Db-Statements", String(statements));
      return result;
    });
  // A visitor's feed is rendered once per process per PAGE_CACHE_TTL_MS and shared (services/page-cache.server.ts).
  const pageCache = createPageCache({ ttlMs: cfg.pageCacheTtlMs });
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- errors go to next(), like @remix-run/express's own handler.
  app.all("*", async (req, res, next) => {
    try {
      const nonce = res.locals.cspNonce as string;
      const response = await pageCache.handle(req, nonce, () =>
        render(createRemixRequest(req, res), {
          cspNonce: nonce,
          clientIp: req.ip ?? "",
          fromThisMachine: fromThisMachine(req),
          regionBlocked: res.locals.regionBlocked === true,
          setViewer: (userId: string) => {
            res.locals.viewerId = userId;
          },
        }),
      );
      // Which session the answer was made for: the service worker drops its kept pages when it changes.
      // Not said of what is the same for everyone: the route manifest (never kept) and a public
      // photo (a feed loads dozens; a private one, a hidden post's for its author, still says it).
      if (req.path === ROUTE_MANIFEST) res.setHeader("X-Content-Type-Options", "nosniff");
      else if (!isPublicMedia(req.path, response)) res.setHeader(ACCOUNT_HEADER, accountMarker(req.headers.cookie));
      await sendResponse(req, res, response, { forVisitor: isVisitor(req.headers.cookie) });
    } catch (error) {
      next(error);
    }
  });

  // Whatever still fails is a 500 without details (Express's own handler shows a stack trace outside production).
  app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    console.error(error);
    if (res.headersSent) return next(error);
    res.status(500).type("text/plain").send("Internal Server Error");
  });

  // Every background job of this process, started once it listens and stopped on shutdown.
  const jobs = createJobRegistry([
    // Only when RESEND_API_KEY is set.
    { name: "mail", create: () => configuredMailWorker((row) => listUnsubscribeHeaders(row.to, row.kind)) },
    // Removes what uploads cut short by a crash left in the store (a few seconds after start, then hourly).
    { name: "storage sweep", create: () => createStorageSweepJob() },
    // Emails authors 3 days before a listing expires (a minute after start, then every 15 minutes).
    { name: "listing reminders", create: () => createListingReminderJob() },
    // Transcodes uploaded videos, VIDEO_WORKERS at a time (none when 0); stop kills ffmpeg and gives the jobs back.
    { name: "video processing", create: () => createVideoProcessingJob() },
    // Matches new, renewed and reshown listings against saved searches (every few seconds) and sends the alert emails due.
    { name: "saved-search alerts", create: () => createListingAlertJob() },
    // Sends queued push notifications (none when push is off: production without VAPID keys).
    { name: "push delivery", create: () => createPushDeliveryJob() },
    // Lowers listings' prices 10% a week until their Must go by day (90 s after start, then every 15 minutes).
    { name: "price schedule", create: () => createPriceScheduleJob() },
  ]);
  // One line: which ffmpeg transcodes videos, or that videos are refused (none found).
  console.log(await describeFfmpeg());
  if (cfg.passwordHashCost < 17) console.warn(`PASSWORD_HASH_COST=${cfg.passwordHashCost}: new password hashes are weaker than the default 17 (for test runs only).`);
  const server = app.listen(cfg.port, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : cfg.port;
    setServerPort(port);
    console.log(`Listening on http://localhost:${port}`);
    jobs.start();
  });
  const connections = trackConnections(server);

  // SIGTERM (a rolling restart): stop accepting, finish the requests already
  // accepted and the mail send in flight, close the database, exit — all
  // within SHUTDOWN_GRACE_SECONDS. A row whose send is cut keeps its lease and
  // idempotency key, so another process sends it once later.
  const stop = async (signal: string) => {
    shuttingDown = true;
    if (cfg.shutdownDelayMs) {
      console.log(`${signal}: /healthz says 503; still serving for ${cfg.shutdownDelayMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, cfg.shutdownDelayMs));
    }
    const deadline = Date.now() + cfg.shutdownGraceMs;
    console.log(`${signal}: finishing the requests in flight, then exiting`);
    // The mail send in flight finishes; a sweep in flight stops after its current page and
    // gives its lease back; all before the database closes.
    const jobsStopped = jobs.stop();
    const { cut } = await connections.close(cfg.shutdownGraceMs);
    if (cut) console.error(`Shutdown: ${cut} connection(s) still open after ${cfg.shutdownGraceMs / 1000} s were closed`);
    await within(jobsStopped, Math.max(1_000, deadline - Date.now()));
    await within(flushPageViews(), Math.max(1_000, deadline - Date.now()));
    await within(closeDatabase(), Math.max(1_000, deadline - Date.now()));
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => void stop(signal));
  }
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
