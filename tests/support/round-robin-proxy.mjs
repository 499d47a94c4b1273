// A round-robin reverse proxy for the end-to-end suite against several app processes:
//
//   node tests/support/round-robin-proxy.mjs <listen port> <backend port> [<backend port>…]
//
// Each request goes to the next backend in turn, whatever connection it came on, so
// consecutive requests of one page (document, data, form post, redirect) land on
// different processes. Headers pass through untouched (Host included): the apps see a
// client on 127.0.0.1 as they would without the proxy. GET /healthz on the proxy
// answers 200 only when every backend does, so the test runner waits for all of them.
import http from "node:http";

const [listenPort, ...backendPorts] = process.argv.slice(2).map(Number);
if (!listenPort || backendPorts.length === 0 || backendPorts.some((p) => !p)) {
  console.error("usage: node tests/support/round-robin-proxy.mjs <listen port> <backend port> [<backend port>…]");
  process.exit(2);
}

// Idle sockets are dropped after 4 s, before the app's own keep-alive timeout (Node's
// 5 s) closes them from its side: reusing one the app is closing ends in ECONNRESET.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4_000 });
let next = 0;

/** A request without a body may be sent again when its connection failed before any answer (as nginx does). */
const retriable = (request) => request.method === "GET" || request.method === "HEAD";

function forward(request, response, port, attempt = 1) {
  const upstream = http.request(
    { host: "127.0.0.1", port, method: request.method, path: request.url, headers: request.headers, agent },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
      answer.pipe(response);
    },
  );
  upstream.on("error", (error) => {
    if (response.headersSent) response.destroy(error);
    else if (attempt === 1 && retriable(request) && !request.destroyed) forward(request, response, port, 2);
    else response.writeHead(502, { "Content-Type": "text/plain" }).end(`Bad gateway (port ${port}): ${error.message}`);
  });
  request.on("aborted", () => upstream.destroy());
  if (retriable(request)) upstream.end();
  else request.pipe(upstream);
}

async function allHealthy() {
  const checks = backendPorts.map(
    (port) =>
      new Promise((resolve) => {
        const check = http.get({ host: "127.0.0.1", port, path: "/healthz", agent }, (answer) => {
          answer.resume();
          resolve(answer.statusCode === 200);
        });
        check.on("error", () => resolve(false));
      }),
  );
  return (await Promise.all(checks)).every(Boolean);
}

const server = http.createServer((request, response) => {
  if (request.url === "/healthz" && request.method === "GET") {
    void allHealthy().then((ok) => response.writeHead(ok ? 200 : 503, { "Content-Type": "text/plain" }).end(ok ? "ok" : "waiting"));
    return;
  }
  const port = backendPorts[next];
  next = (next + 1) % backendPorts.length;
  forward(request, response, port);
});
server.keepAliveTimeout = 5_000;
server.listen(listenPort, () => {
  console.log(`round-robin proxy on ${listenPort} → ${backendPorts.join(", ")}`);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
