import type http from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import type { Env } from "~/env.server";

export type ClientLimits = Pick<Env, "HEADERS_TIMEOUT_MS" | "REQUEST_TIMEOUT_MS" | "KEEP_ALIVE_TIMEOUT_MS">;

/**
 * Node's server options for clients that send slowly or never: a request's headers must arrive
 * within HEADERS_TIMEOUT_MS of the connection opening (or of the previous response, on a kept-alive
 * connection) and the whole request within REQUEST_TIMEOUT_MS; an idle kept-alive connection is
 * closed after KEEP_ALIVE_TIMEOUT_MS. (Node's own defaults, 60 s and 300 s, let a slow-body client
 * hold a connection for minutes.) Node checks the first two only every
 * `connectionsCheckingInterval`, 30 s by default: check every second instead, or every quarter of
 * the shorter timeout when that is less, so a client is cut off within a second of its timeout.
 */
export function httpServerOptions(limits: ClientLimits): http.ServerOptions {
  const shorter = Math.min(limits.HEADERS_TIMEOUT_MS, limits.REQUEST_TIMEOUT_MS);
  return {
    headersTimeout: limits.HEADERS_TIMEOUT_MS,
    requestTimeout: limits.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: limits.KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(shorter / 4))),
  };
}

/** The answers Node sends to a request it cannot hand to the app, with a sentence saying why. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: "Request Header Fields Too Large",
    message: "The request headers are too large.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: "Request Timeout",
    message: "The request took too long to arrive.",
  },
};
const BAD_REQUEST = { status: 400, reason: "Bad Request", message: "The request could not be read." };

/**
 * Answers what Node's HTTP parser refuses (oversized headers, broken requests, a request that took
 * too long) as Node would, plus a plain-text sentence, and logs it once as a warning; a connection
 * the client reset is just closed. Once listening, an error on the server itself (accepting a
 * connection failed) is logged: start() only listens for the error of listen().
 */
export function handleClientErrors(server: http.Server, logger: Logger): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const code = error.code ?? "";
    if (code === "ECONNRESET" || code === "EPIPE" || !socket.writable) return void socket.destroy();
    const answer = CLIENT_ERRORS[code] ?? BAD_REQUEST;
    logger.warn({ code, status: answer.status }, `client error: ${answer.message}`);
    // An app response already started on this connection (a timeout while it wrote): do not corrupt it.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!inFlight?.headersSent) {
      const body = `${answer.message}\n`;
      socket.write(
        `HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
          "Content-Type: text/plain; charset=utf-8\r\n" +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          "Connection: close\r\n\r\n" +
          body,
      );
    }
    socket.destroy();
  });
  server.on("listening", () => {
    server.on("error", (error) => logger.error({ err: error }, "HTTP server error (still listening)"));
  });
}
