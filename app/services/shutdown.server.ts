// Graceful shutdown of the HTTP server (SIGTERM during a rolling restart):
// stop listening, let every request already accepted finish, then let the
// connections go — within a bounded grace period, so a keep-alive socket or a
// slow download cannot hold the process forever.
//
// Node's own server.close() (v19+) also destroys every connection that is not
// in the middle of a request at that instant, which includes a connection
// accepted a moment ago whose request bytes have not been parsed yet: that
// request would be lost. So connections are tracked here instead:
// - a keep-alive connection that has finished its responses is closed at once
//   (as Node's keep-alive timeout would: a client sending on it at that very
//   instant retries, as HTTP/1.1 clients do for a reused connection);
// - a request in flight finishes, and its response (or any request that still
//   arrives on an open connection) carries `Connection: close`, so the socket
//   ends after it;
// - a connection that has not sent anything gets a moment to do so;
// - whatever is still open when the grace period ends is cut.
// Until then answers to GET and HEAD say nothing about the connection
// (HTTP/1.1's default is to keep it).
import type http from "node:http";
import net from "node:net";

type Tracked = { inFlight: Set<http.ServerResponse>; served: number };

export type ConnectionDrain = {
  readonly closing: boolean;
  /**
   * Stops accepting connections and resolves once every connection has ended,
   * or after `graceMs` with the rest destroyed; `cut` counts those.
   */
  close(graceMs: number): Promise<{ cut: number }>;
};

/** How long after the shutdown starts a connection that has sent no request is kept. */
const SILENT_CONNECTION_MS = 1_000;

export function trackConnections(server: http.Server): ConnectionDrain {
  const sockets = new Map<net.Socket, Tracked>();
  let closing = false;

  // destroySoon: what was written (the end of the last response) is flushed first.
  const endIfIdle = (socket: net.Socket, state: Tracked, includeSilent: boolean) => {
    if (state.inFlight.size === 0 && (state.served > 0 || includeSilent)) socket.destroySoon();
  };

  server.on("connection", (socket: net.Socket) => {
    sockets.set(socket, { inFlight: new Set(), served: 0 });
    socket.once("close", () => sockets.delete(socket));
  });
  // Before the app's own listener, so the header is set before anything is written.
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    const state = sockets.get(socket);
    if (!state) return;
    state.inFlight.add(res);
    if (closing) res.setHeader("Connection", "close");
    // HTTP/1.1 keeps a connection open by default: saying so, with Node's Keep-Alive hint, is
    // 47 bytes on every response (a first visit makes about 40 GETs). The connection stays open.
    // A request with a body keeps Node's own handling: one refused before its body was read
    // must end its connection, and say so.
    else if (req.method === "GET" || req.method === "HEAD") res.removeHeader("Connection");
    res.once("close", () => {
      state.inFlight.delete(res);
      state.served++;
      if (closing) endIfIdle(socket, state, false);
    });
  });

  return {
    get closing() {
      return closing;
    },
    close(graceMs) {
      closing = true;
      return new Promise((resolve) => {
        let done = false;
        const timers: ReturnType<typeof setTimeout>[] = [];
        const finish = (cut: number) => {
          if (done) return;
          done = true;
          for (const timer of timers) clearTimeout(timer);
          resolve({ cut });
        };
        for (const [socket, state] of sockets) {
          for (const res of state.inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
          endIfIdle(socket, state, false);
        }
        // Stops listening; the callback runs once the last connection has closed.
        // Deferred to the end of this turn of the event loop, so connections the
        // kernel already reported (in the same poll as the signal) are accepted
        // first: closing the listener resets those still waiting in its queue.
        setImmediate(() => net.Server.prototype.close.call(server, () => finish(0)));
        timers.push(
          setTimeout(() => {
            for (const [socket, state] of sockets) endIfIdle(socket, state, true);
          }, Math.min(SILENT_CONNECTION_MS, graceMs)),
          setTimeout(() => {
            const cut = sockets.size;
            for (const socket of sockets.keys()) socket.destroy();
            finish(cut);
          }, graceMs),
        );
      });
    },
  };
}

/** `promise`, or undefined once `ms` have passed without it settling (a step of the shutdown that must not hang it). */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
