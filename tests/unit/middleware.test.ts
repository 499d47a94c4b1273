// The Express middleware in front of Remix: the region gate and page views.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/services/config.server";
import { flushPageViews, recordPageView } from "~/models/events.server";
import { getDb, schema } from "~/services/db.server";
import { pageViewMiddleware, regionGateMiddleware } from "~/services/middleware.server";

let base = "";
let close = () => {};
let actionsRun = 0;

beforeAll(async () => {
  const app = express();
  app.use(express.static("public"));
  const geo = parseConfig({ GEO_GATE: "on", GEO_COUNTRY_HEADER: "X-Country", GEO_TIMEZONE_HEADER: "X-Timezone" }).geo;
  app.use(regionGateMiddleware(geo));
  app.use(pageViewMiddleware(recordPageView, (req) => req.get("x-test-user")));
  const page = (_req: express.Request, res: express.Response) =>
    res.type("html").send(`<p>blocked=${String(res.locals.regionBlocked === true)}</p>`);
  app.get("/home", page);
  app.get("/404", page);
  app.get("/home.data", (_req, res) => res.type("text/x-script").send(`blocked=${String(res.locals.regionBlocked === true)}`));
  app.post(["/home", "/home.data"], (_req, res) => {
    actionsRun++;
    res.status(200).send("ran");
  });
  app.get("/healthz", (_req, res) => res.type("text").send("ok"));
  app.get("/gone", (_req, res) => res.status(404).type("html").send("<p>not found</p>"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

beforeEach(async () => {
  await flushPageViews(); // views still pending from the test before
  await getDb().delete(schema.events);
  actionsRun = 0;
});

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { redirect: "manual", headers: { "User-Agent": BROWSER, ...headers } });
const FRANCE = { "X-Country": "FR" };

describe("region gate middleware", () => {
  it("redirects a refused document request to /404, and lets /404 itself through", async () => {
    const res = await get("/home", FRANCE);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/404");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect((await get("/404", FRANCE)).status).toBe(200);
    expect((await get("/healthz", FRANCE)).status).toBe(200);
    expect((await get("/favicon.svg", FRANCE)).status).toBe(200); // static files are never gated
  });

  it("never runs an action for a refused visitor", async () => {
    const doc = await fetch(`${base}/home`, { method: "POST", redirect: "manual", headers: FRANCE });
    expect(doc.status).toBe(303);
    const data = await fetch(`${base}/home.data`, { method: "POST", redirect: "manual", headers: FRANCE });
    expect(data.status).toBe(204);
    expect(actionsRun).toBe(0);
  });

  it("flags a refused data request for the root loader instead of redirecting it", async () => {
    const res = await get("/home.data", FRANCE);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("blocked=true");
    expect(await (await get("/home.data", { "X-Country": "US" })).text()).toBe("blocked=false");
  });

  it("lets in a US visitor whose tz cookie matches, and refuses one whose cookie does not", async () => {
    const us = { "X-Country": "US", "X-Timezone": "America/New_York" };
    expect((await get("/home", { ...us, Cookie: "tz=America%2FNew_York" })).status).toBe(200);
    expect((await get("/home", { ...us, Cookie: "tz=Asia%2FTokyo" })).status).toBe(302);
  });
});

describe("page views", () => {
  const views = async () => {
    await flushPageViews(); // written in batches
    return await getDb().select().from(schema.events);
  };
  const settle = () => new Promise((r) => setTimeout(r, 20));

  it("records one per HTML document, with the path, campus and user id only", async () => {
    await get("/home?email=someone%40example.com", { "X-Test-User": "u42", "X-Country": "US" });
    await settle();
    expect(await views()).toMatchObject([{ name: "Page View", path: "/home", campusId: "ou", userId: "u42" }]);
  });

  it("skips data requests, health checks, static files, errors, redirects and bots", async () => {
    await get("/home.data");
    await get("/healthz");
    await get("/favicon.svg");
    await get("/gone");
    await get("/home", FRANCE); // redirected
    await get("/home", { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await settle();
    expect(await views()).toEqual([]);
  });
});
