// A first visit of a page in Debian's Chromium as the budgets count it: what went
// over the wire per resource (bodies as sent plus headers) and the gzipped
// weight of scripts, styles and the document. Shared by the bench scripts.
import zlib from "node:zlib";

export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
// The connection is taken for 4G: Chromium loads lazy images within a distance of the viewport
// that grows on a connection it estimates slower, and its estimate of a loopback connection
// on a busy machine is not one a phone would make; fixed, a first visit loads the same photos each run.
export const BROWSER_ARGS = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--force-effective-connection-type=4G"];
export const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

/**
 * One first visit (fresh browser context, empty cache) until the network is idle.
 * `wire` is what Chromium transferred per resource type (encodedDataLength:
 * body as sent plus response headers); `gz` the gzip -9 size of the bodies.
 */
export async function visit(browser, url, { viewport = VIEWPORTS[0], cookies = [], javaScriptEnabled = true } = {}) {
  const context = await browser.newContext({ viewport, javaScriptEnabled });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const requests = new Map();
  cdp.on("Network.responseReceived", (e) => requests.set(e.requestId, { type: e.type, url: e.response.url, bytes: 0 }));
  cdp.on("Network.loadingFinished", (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  const bodies = [];
  page.on("response", (res) => {
    const type = res.request().resourceType();
    if (type === "script" || type === "stylesheet" || type === "document") {
      bodies.push(res.body().then((b) => ({ type, size: gz(b) })).catch(() => ({ type, size: 0 })));
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const sizes = await Promise.all(bodies);
  await context.close();
  const all = [...requests.values()];
  const gzOf = (t) => sizes.filter((b) => b.type === t).reduce((s, b) => s + b.size, 0);
  const scripts = all.filter((r) => r.type === "Script");
  return {
    gz: { js: gzOf("script"), css: gzOf("stylesheet"), html: gzOf("document") },
    wire: { js: scripts.reduce((s, r) => s + r.bytes, 0), all: all.reduce((s, r) => s + r.bytes, 0) },
    scripts: scripts.map((r) => new URL(r.url).pathname),
    resources: all,
  };
}

