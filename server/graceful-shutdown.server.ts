import type { Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";

const CONNECTION = Symbol("connection");
type Tracked = ServerResponse & { [CONNECTION]?: { requests: number } };

/** How often a stopping server looks for idle kept-alive connections to close. */
const IDLE_SWEEP_MS = 500;

/**
 * Prepares an HTTP server for a graceful stop; call before it takes requests. Answers a function
 * that stops it: no new connections, the requests in flight finish, and every answer from then on
 * carries `Connection: close`, so a client with a kept-alive connection opens a new one (and finds
 * the next server) instead of feeding this one. Connections still open at `until` (a Date.now()
 * time) are cut. Resolves true when every connection ended by itself.
 */
export function prepareGracefulClose(server: Server): (until: number) => Promise<boolean> {
  const sockets = new Map<Socket, { requests: number; idleSweeps: number }>();
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  let accepted = 0;

  server.on("connection", (socket: Socket) => {
    accepted++;
    sockets.set(socket, { requests: 0, idleSweeps: 0 });
    socket.once("close", () => sockets.delete(socket));
  });
  // One listener shared by every response (no closure per request): its connection's state is
  // kept on the response, whose socket is gone by the time it closes.
  function answered(this: Tracked) {
    inFlight.delete(this);
    const state = this[CONNECTION];
    if (state) state.requests--;
  }
  // Before the app's own listener, so the header is set before anything is written.
  server.prependListener("request", (req, res: Tracked) => {
    if (closing) res.setHeader("Connection", "close");
    const state = sockets.get(req.socket);
    if (state) {
      state.requests++;
      state.idleSweeps = 0;
      res[CONNECTION] = state;
    }
    inFlight.add(res);
    res.on("close", answered);
  });

  return async (until) => {
    // Stop listening only after a turn of the event loop in which no connection came in: closing
    // a listening socket resets the connections the kernel has queued for it but Node has not yet
    // accepted (many, while the embedded database keeps the loop busy), and each may carry a lead.
    // Those accepted now are answered like the rest, with `Connection: close`.
    for (let turns = 0; turns < 50; turns++) {
      const seen = accepted;
      await new Promise((resolve) => setImmediate(resolve));
      if (accepted === seen) break;
    }
    return new Promise<boolean>((resolve) => {
      closing = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      let sweep: NodeJS.Timeout | undefined = undefined;
      const finish = (clean: boolean) => {
        clearInterval(sweep);
        clearTimeout(cut);
        resolve(clean);
      };
      const cut = setTimeout(
        () => {
          for (const socket of sockets.keys()) socket.destroy();
          finish(false);
        },
        Math.max(0, until - Date.now()),
      );
      // net.Server's close, not http.Server's: that one also drops every idle kept-alive connection
      // at once, including one whose next request is already on its way but not yet read, and
      // that visitor would get a reset.
      net.Server.prototype.close.call(server, () => finish(true));
      // An idle connection is closed once it was idle at two sweeps in a row, each run just after
      // the event loop read the sockets (setImmediate): a request sent before the first would have
      // been read, answered with `Connection: close` and the connection closed by that answer.
      sweep = setInterval(
        () =>
          setImmediate(() => {
            for (const [socket, state] of sockets) {
              if (state.requests > 0) continue;
              if (++state.idleSweeps >= 2) socket.destroy();
            }
          }),
        IDLE_SWEEP_MS,
      );
    });
  };
}

/**
 * Runs one shutdown step, but waits no later than `until` (a Date.now() time): a step that hangs
 * (a mail server that never answers) must not keep the process from exiting. Answers "done",
 * "timed out" or the error.
 */
export async function stepUntil(
  step: () => unknown,
  until: number,
): Promise<{ outcome: "done" } | { outcome: "timed out" } | { outcome: "failed"; error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = Symbol("timed out");
  const timeout = new Promise<typeof timedOut>((resolve) => {
    timer = setTimeout(() => resolve(timedOut), Math.max(0, until - Date.now()));
  });
  try {
    const result = await Promise.race([Promise.resolve().then(step), timeout]);
    return result === timedOut ? { outcome: "timed out" } : { outcome: "done" };
  } catch (error) {
    return { outcome: "failed", error };
  } finally {
    clearTimeout(timer);
  }
}
