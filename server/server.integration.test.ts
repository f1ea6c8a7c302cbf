import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useServerProcesses, waitUntilHealthy } from "../tests/support/server-process";
import { createTestDatabase, usePostgres, type TestDatabase } from "../tests/support/test-database";

const servers = useServerProcesses();
const start = servers.start;

describe("graceful shutdown", () => {
  it("finishes in-flight requests on SIGTERM, then closes the database and exits 0", async () => {
    const t: TestDatabase = await createTestDatabase();
    await t.database.close(); // the server process opens it itself
    servers.afterTest(() => t.dispose());
    const server = await start(t.env);
    await waitUntilHealthy(server);

    // A slow client: its request has started (headers half sent) when SIGTERM arrives.
    const socket = net.connect(Number(new URL(server.origin).port), "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    let response = "";
    socket.on("data", (d: Buffer) => (response += d.toString()));
    const ended = new Promise((r) => socket.once("close", r));
    socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
    await new Promise((r) => setTimeout(r, 200));
    server.proc.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    expect(server.proc.exitCode).toBeNull(); // still waiting for our request
    socket.write("\r\n");
    await ended;
    expect(response).toMatch(/^HTTP\/1.1 200 OK/);
    expect(response).toContain("</html>");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("database closed");
    if (!usePostgres) expect(fs.existsSync(path.join(t.env.DATA_DIR, "server.lock"))).toBe(false);
  });
});
