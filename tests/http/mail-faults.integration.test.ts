import net from "node:net";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, emailOutbox } from "~/db/schema";
import { createMailTransport } from "~/features/mail/mailer.server";
import { serveBuiltApp } from "../support/built-app";
import { startSmtpServer } from "../support/smtp";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// The mail server misbehaves in each way a real one does — it takes the connection and never says
// a word, it refuses for now (4xx), it is down — while visitors send enquiries. The form answers
// as fast as ever, every e-mail waits in the outbox with the reason, and when the server is back
// each is sent exactly once.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

/** Accepts connections and never answers (not even the greeting). */
async function startHangingServer(port = 0) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Greets, then refuses every sender with 451 (try again later). */
async function startRefusingServer(port: number) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      callback(
        Object.assign(new Error("4.3.0 Mailbox temporarily unavailable, try again later"), { responseCode: 451 }),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const enquiry = (n: number) => ({
  name: `Gráinne Doyle ${n}`,
  email: `grainne${n}@doyle-pharmacy.ie`,
  phone: "01 555 0177",
  service: "Shop Ceiling Installation",
  message: `Enquiry ${n}: new ceiling with recessed lighting for our pharmacy in Rathmines.`,
});

async function submitTimed(origin: string, n: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${origin}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(enquiry(n)),
  });
  expect(res.status).toBe(201);
  return performance.now() - started;
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

describe("a mail server that hangs, refuses or is down", () => {
  it("never slows the form, keeps every e-mail queued with its reason, retries, then sends each exactly once", async () => {
    const hanging = await startHangingServer();
    const port = hanging.port;
    // A silent server costs 3 s per connection: long enough that an enquiry waiting on the mail
    // would show, whatever the machine's load.
    const timeouts = "connectionTimeout=3000&greetingTimeout=3000&socketTimeout=3000";
    const site = await serveBuiltApp(t.database, {
      env: { RATE_LIMIT_FACTOR: "1000", OUTBOX_RETRY_BASE_MS: "20" },
      transport: createMailTransport(`smtp://127.0.0.1:${port}?${timeouts}`, "IC Interiors <no-reply@icinteriors.ie>"),
    });
    let sink: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    try {
      // 1. Hanging: enquiries are answered at once while the outbox waits on the silent server.
      const times: number[] = [];
      for (let n = 1; n <= 20; n++) times.push(await submitTimed(site.origin, n));
      expect(p95(times)).toBeLessThan(1500);
      const rowsOf = () => t.database.db.select().from(emailOutbox);
      // A notification and an auto-reply per enquiry.
      await expect.poll(async () => (await rowsOf()).length).toBe(40);
      await expect
        .poll(
          async () => {
            await site.services.outbox.processDue();
            return (await rowsOf()).some((r) => r.status === "pending" && (r.lastError ?? "").includes("ETIMEDOUT"));
          },
          { timeout: 20_000, interval: 50 },
        )
        .toBe(true);
      // A batch against the silent server costs one timeout, not one per e-mail (40 × 3 s).
      await t.database.db.update(emailOutbox).set({ nextAttemptAt: new Date(0) });
      const batch = performance.now();
      expect(await site.services.outbox.processDue()).toBe(0);
      expect(performance.now() - batch).toBeLessThan(15_000);
      await hanging.close();

      // 2. Refusing with 451, then 3. down: still queued, with the server's reason.
      const refusing = await startRefusingServer(port);
      await expect
        .poll(
          async () => {
            await site.services.outbox.processDue();
            return (await rowsOf()).some((r) => (r.lastError ?? "").includes("451"));
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(true);
      await refusing.close();
      await expect
        .poll(
          async () => {
            await site.services.outbox.processDue();
            return (await rowsOf()).some((r) => /ECONNREFUSED|connect/i.test(r.lastError ?? ""));
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(true);
      const queued = await rowsOf();
      expect(queued.every((r) => r.status === "pending" && r.sentAt === null)).toBe(true);
      expect(await t.database.db.$count(contactSubmissions)).toBe(20);

      // 4. Back: every e-mail is delivered, each exactly once.
      sink = await startSmtpServer(port);
      await expect
        .poll(
          async () => {
            await site.services.outbox.processDue();
            return (await rowsOf()).every((r) => r.status === "sent");
          },
          { timeout: 20_000, interval: 50 },
        )
        .toBe(true);
      await site.services.outbox.processDue();
      expect(sink.received).toHaveLength(40);
      const keys = sink.received.map((m) => `${m.to.join(",")}|${m.headers.subject}`);
      expect(new Set(keys).size).toBe(40);
      for (let n = 1; n <= 20; n++) {
        expect(sink.received.filter((m) => m.to.includes(`grainne${n}@doyle-pharmacy.ie`))).toHaveLength(1);
      }
    } finally {
      await site.close();
      await sink?.close();
      await hanging.close().catch(() => {});
    }
  }, 60_000);
});
