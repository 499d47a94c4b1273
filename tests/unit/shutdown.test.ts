// Graceful shutdown of the HTTP server: what a client sees when the process
// stops during its request.
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { trackConnections, within, type ConnectionDrain } from "~/services/shutdown.server";

let server: http.Server;
let drain: ConnectionDrain;
let port: number;

async function start(handler: http.RequestListener) {
  server = http.createServer(handler);
  drain = trackConnections(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
}

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

type Answer = { status: number; body: string; connection: string | undefined };

function get(path: string, agent?: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Opens a TCP connection and waits until the server has it. */
function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => setTimeout(() => resolve(socket), 50));
    socket.on("error", reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("trackConnections / close", () => {
  it("while serving, says nothing about the connection (HTTP/1.1 keeps it) and keeps it for the next request", async () => {
    await start((req, res) => res.end(`hello ${req.url}`));
    const socket = await connect();
    let raw = "";
    socket.on("data", (c: Buffer) => (raw += c.toString()));
    socket.write("GET /one HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await sleep(100);
    socket.write("GET /two HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await sleep(100);
    expect(raw.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(raw).toMatch(/hello \/one/);
    expect(raw).toMatch(/hello \/two$/);
    expect(raw).not.toMatch(/\r\n(Connection|Keep-Alive):/i);
    socket.destroy();
  });

  it("finishes a request in flight (told Connection: close) and refuses new connections", async () => {
    await start((req, res) => void sleep(req.url === "/slow" ? 400 : 0).then(() => res.end(`done ${req.url}`)));
    const slow = get("/slow");
    await sleep(100);
    const started = Date.now();
    const closed = drain.close(10_000);
    await sleep(20);
    await expect(get("/new")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(await slow).toEqual({ status: 200, body: "done /slow", connection: "close" });
    expect(await closed).toEqual({ cut: 0 });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("serves a request that arrives after the close on a connection accepted before it", async () => {
    await start((req, res) => res.end(`hello ${req.url}`));
    const socket = await connect();
    const closed = drain.close(10_000);
    let raw = "";
    socket.on("data", (c: Buffer) => (raw += c.toString()));
    const ended = new Promise((r) => socket.on("close", r));
    socket.write("GET /late HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await ended;
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(raw).toMatch(/\r\nConnection: close\r\n/i);
    expect(raw).toMatch(/hello \/late$/);
    expect(await closed).toEqual({ cut: 0 });
  });

  it("closes idle keep-alive connections at once, and silent ones after a moment, instead of waiting for them", async () => {
    await start((_req, res) => res.end("ok"));
    const agent = new http.Agent({ keepAlive: true });
    expect((await get("/a", agent)).status).toBe(200);
    let started = Date.now();
    await drain.close(10_000);
    expect(Date.now() - started).toBeLessThan(500);
    agent.destroy();

    await start((_req, res) => res.end("ok"));
    const silent = await connect();
    const hungUp = new Promise((r) => silent.resume().once("end", r));
    started = Date.now();
    expect(await drain.close(10_000)).toEqual({ cut: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(2_000);
    await hungUp; // the server ended it
    silent.destroy();
  });

  it("cuts what is still open when the grace period ends", async () => {
    await start(() => undefined); // never answers
    const stuck = get("/stuck").catch((error: unknown) => error);
    await sleep(100);
    const started = Date.now();
    expect(await drain.close(300)).toEqual({ cut: 1 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await stuck).toMatchObject({ code: "ECONNRESET" });
  });
});

describe("within", () => {
  it("gives up waiting after the time given", async () => {
    expect(await within(Promise.resolve(1), 100)).toBe(1);
    expect(await within(new Promise(() => undefined), 50)).toBeUndefined();
  });
});
