import { DrizzleQueryError } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { byteDestination, errorSerializer, isoTimeField, linesPerTurn } from "./logger.server";

const failedInsert = () =>
  new DrizzleQueryError(
    'insert into "contact_submissions" ("name", "email") values ($1, $2)',
    ["Niamh Byrne", "niamh@byrne-dental.ie"],
    Object.assign(new Error('null value in column "message" violates not-null constraint'), {
      code: "23502",
      detail: "Failing row contains (Niamh Byrne, niamh@byrne-dental.ie, null).",
    }),
  );

describe("the log's error serializer", () => {
  it("writes a failed query's SQL and the database's message, never the values it was given", () => {
    const line = JSON.stringify(errorSerializer(failedInsert()));
    expect(line).toContain('insert into \\"contact_submissions\\"');
    expect(line).toContain("violates not-null constraint");
    expect(line).not.toMatch(/Niamh|byrne-dental/);
  });

  it("does the same with pino's serialized form (pino-http serializes first, keeping the error as raw)", () => {
    const line = JSON.stringify(errorSerializer(pino.stdSerializers.err(failedInsert())));
    expect(line).toContain("violates not-null constraint");
    expect(line).not.toMatch(/Niamh|byrne-dental/);
  });

  it("leaves out the connection pg-pool puts on an idle connection's error (its parameters hold the password)", () => {
    const lost = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
      client: { connectionParameters: { user: "ic", password: "Harcourt-Street-Secret-9", port: 5432 } },
    });
    const line = JSON.stringify(errorSerializer(lost));
    expect(line).toContain("terminating connection due to administrator command");
    expect(line).toContain("57P01");
    expect(line).not.toMatch(/Harcourt-Street-Secret-9|connectionParameters/);
  });
});

describe("the log's lines per turn of the event loop", () => {
  const destination = () => {
    const writes: string[] = [];
    const flushed: string[] = [];
    return {
      writes,
      flushed,
      // The destination is given bytes (a buffer-mode sonic-boom): kept here as text to compare.
      write: (bytes: Buffer) => writes.push(bytes.toString("utf8")),
      flush: () => void flushed.push("flush"),
      flushSync: () => void flushed.push("flushSync"),
    };
  };

  it("hands the lines of one turn to the destination as one write, in order, after the turn", async () => {
    const out = destination();
    const lines = linesPerTurn(out);
    lines.write('{"msg":"one"}\n');
    lines.write('{"msg":"two"}\n');
    expect(out.writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    lines.write('{"msg":"three"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.writes).toEqual(['{"msg":"one"}\n{"msg":"two"}\n', '{"msg":"three"}\n']);
  });

  it("passes on what waits before flushing, so a line logged just before exit is kept", async () => {
    const out = destination();
    const lines = linesPerTurn(out);
    lines.write('{"msg":"last words"}\n');
    lines.flushSync();
    expect(out.writes).toEqual(['{"msg":"last words"}\n']);
    expect(out.flushed).toEqual(["flushSync"]);
    lines.write('{"msg":"then"}\n');
    lines.flush();
    expect(out.writes).toEqual(['{"msg":"last words"}\n', '{"msg":"then"}\n']);
    // Nothing is written twice when the turn ends.
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.writes).toHaveLength(2);
  });

  it("writes every character of a line as UTF-8 through pino's buffer-mode destination", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "log-")), "out.log");
    const lines = linesPerTurn(byteDestination({ dest: file, sync: true }));
    const logger = pino({ base: null, timestamp: false }, lines);
    logger.info({ site: "Baile Átha Cliath" }, "Ceiling grid levelled — 600 × 600 tiles, €1,234.50");
    lines.flushSync();
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({
      level: 30,
      site: "Baile Átha Cliath",
      msg: "Ceiling grid levelled — 600 × 600 tiles, €1,234.50",
    });
  });
});

describe("the log's time field", () => {
  afterEach(() => vi.useRealTimers());

  it("writes what pino's isoTime writes, formatted again each new millisecond", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const time = isoTimeField();
    for (const at of [
      Date.UTC(2026, 10, 30, 0, 21, 10, 215),
      Date.UTC(2026, 10, 30, 0, 21, 10, 216),
      Date.UTC(2027, 0, 1),
    ]) {
      vi.setSystemTime(at);
      expect(time()).toBe(pino.stdTimeFunctions.isoTime());
      expect(time()).toBe(`,"time":"${new Date(at).toISOString()}"`);
    }
  });
});
