import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Logger } from "pino";
import type { BackupFile } from "./backup.server";

/**
 * How `npm run backup` reaches a running server on the embedded database. Only one process may
 * open an embedded database (the DATA_DIR lock), so the command cannot read it itself while the
 * server runs: it asks the server, which takes the backup through its own open database.
 *
 * The channel is a Unix socket in DATA_DIR/control/, a folder only the server's OS user can open:
 * whoever may connect could read DATA_DIR anyway, so there is no password to manage, and nothing
 * listens on the network (an HTTP endpoint would be one more thing to guard from the internet).
 * The server answers one request, "backup", and nothing else.
 */
export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), "control", "server.sock");
}

// sun_path holds 108 bytes on Linux, including the terminating NUL.
const MAX_SOCKET_PATH_BYTES = 107;

export type ControlRequest = { command: "backup"; dir: string };
export type ControlAnswer = ({ ok: true } & BackupFile) | { ok: false; message: string };

/** Starts answering on the control socket; answers a function that stops it (and removes the socket). */
export async function startControlSocket(
  dataDir: string,
  handlers: { backup(dir: string): Promise<BackupFile> },
  logger: Logger,
): Promise<() => Promise<void>> {
  const file = controlSocketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH_BYTES) {
    logger.warn(
      { socket: file },
      "DATA_DIR's path is too long for the control socket: `npm run backup` cannot reach this server (scheduled backups still run)",
    );
    return async () => {};
  }
  try {
    return await listenOnControlSocket(file, handlers, logger);
  } catch (error) {
    // Not worth refusing to serve the site for: backups then need the server stopped.
    logger.warn(
      { err: error, socket: file },
      "could not open the control socket: `npm run backup` cannot reach this server",
    );
    return async () => {};
  }
}

async function listenOnControlSocket(
  file: string,
  handlers: { backup(dir: string): Promise<BackupFile> },
  logger: Logger,
): Promise<() => Promise<void>> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(file), 0o700);
  // A socket file left by a server that was killed: this process holds the DATA_DIR lock, so it is stale.
  fs.rmSync(file, { force: true });

  const answer = async (line: string): Promise<ControlAnswer> => {
    let request: Partial<ControlRequest>;
    try {
      request = JSON.parse(line) as Partial<ControlRequest>;
    } catch {
      return { ok: false, message: "The request is not JSON." };
    }
    if (request.command !== "backup" || typeof request.dir !== "string" || !path.isAbsolute(request.dir))
      return {
        ok: false,
        message: 'Unknown request: the server answers only {"command":"backup","dir":"/absolute/path"}.',
      };
    try {
      const backup = await handlers.backup(request.dir);
      logger.info({ file: backup.file, bytes: backup.bytes, rows: backup.rows }, "backup written (npm run backup)");
      return { ok: true, ...backup };
    } catch (error) {
      logger.error({ err: error }, "backup failed (npm run backup)");
      return { ok: false, message: `The server could not write the backup: ${(error as Error).message}` };
    }
  };

  const server = net.createServer((socket) => {
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    let input = "";
    const onData = (chunk: string) => {
      input += chunk;
      const newline = input.indexOf("\n");
      if (newline < 0) {
        if (input.length > 4096) socket.destroy();
        return;
      }
      socket.off("data", onData);
      void answer(input.slice(0, newline)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    };
    socket.on("data", onData);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => {
      server.off("error", reject);
      resolve();
    });
  });
  fs.chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(file, { force: true });
    });
}

/**
 * Asks the server running on `dataDir` to write a backup into `dir`. Answers null when no server
 * listens there (none is running); throws with the server's message when the backup failed.
 */
export function requestBackupFromServer(dataDir: string, dir: string): Promise<BackupFile | null> {
  const file = controlSocketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH_BYTES || !fs.existsSync(file)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    let input = "";
    socket.setEncoding("utf8");
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A socket file with nobody listening: the server that made it is gone.
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(null);
      else reject(error);
    });
    socket.on("connect", () =>
      socket.write(`${JSON.stringify({ command: "backup", dir } satisfies ControlRequest)}\n`),
    );
    socket.on("data", (chunk: string) => (input += chunk));
    socket.on("end", () => {
      let reply: ControlAnswer;
      try {
        reply = JSON.parse(input) as ControlAnswer;
      } catch {
        reject(new Error("The running server closed the control socket without answering."));
        return;
      }
      if (reply.ok) {
        const { ok: _ok, ...backup } = reply;
        resolve(backup);
      } else reject(new Error(reply.message));
    });
  });
}
