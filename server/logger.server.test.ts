import { DrizzleQueryError } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  batchedLines,
  byteDestination,
  errorSerializer,
  isPlainJsonText,
  isoTimeField,
  lineBytes,
} from "./logger.server";

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

describe("the log's lines, batched", () => {
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

  it("hands the lines on in runs of at least 32 KB, in order, and what waits when flushed", () => {
    const out = destination();
    const lines = batchedLines(out);
    const line = (n: number) => `{"msg":"line ${String(n).padStart(4, "0")}","pad":"${"x".repeat(80)}"}\n`;
    for (let n = 0; n < 500; n++) lines.write(line(n));
    // 54,500 bytes: one run of 301 lines (32,809 bytes) handed on, the other 199 lines waiting.
    expect(out.writes.map((w) => w.length)).toEqual([32_809]);
    expect(out.writes.every((w) => w.endsWith("\n"))).toBe(true);
    lines.flush();
    expect(out.writes.join("")).toBe(Array.from({ length: 500 }, (_, n) => line(n)).join(""));
    expect(out.flushed).toEqual(["flush"]);
  });

  it("never writes over bytes it has handed on, which the destination may still hold", () => {
    const handed: Array<{ bytes: Buffer; asHanded: string }> = [];
    const lines = batchedLines({
      write: (bytes) => void handed.push({ bytes, asHanded: bytes.toString("utf8") }),
      flush: () => {},
      flushSync: () => {},
    });
    const first = `{"msg":"${"a".repeat(5000)}"}\n`;
    lines.write(first);
    // Lines enough to fill several chunks.
    for (let n = 0; n < 200; n++) lines.write(`{"msg":"${"b".repeat(1000)}"}\n`);
    lines.flush();
    expect(handed.length).toBeGreaterThan(3);
    expect(handed.every(({ bytes, asHanded }) => bytes.toString("utf8") === asHanded)).toBe(true);
    expect(handed.map(({ asHanded }) => asHanded).join("")).toBe(first + `{"msg":"${"b".repeat(1000)}"}\n`.repeat(200));
  });

  it("writes a line longer than its chunk whole", () => {
    const out = destination();
    const lines = batchedLines(out);
    const long = `{"msg":"${"€".repeat(40_000)}"}\n`; // 120,000 bytes of UTF-8
    lines.write('{"msg":"before"}\n');
    lines.write(long);
    lines.flush();
    expect(out.writes.join("")).toBe(`{"msg":"before"}\n${long}`);
  });

  it("passes on what waits before flushing, so a line logged just before exit is kept", () => {
    const out = destination();
    const lines = batchedLines(out);
    lines.write('{"msg":"last words"}\n');
    lines.flushSync();
    expect(out.writes).toEqual(['{"msg":"last words"}\n']);
    expect(out.flushed).toEqual(["flushSync"]);
    lines.write('{"msg":"then"}\n');
    lines.flush();
    expect(out.writes).toEqual(['{"msg":"last words"}\n', '{"msg":"then"}\n']);
    // Nothing is written twice.
    lines.flush();
    expect(out.writes).toHaveLength(2);
  });

  it("writes every character of a line as UTF-8 through pino's buffer-mode destination", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "log-")), "out.log");
    const lines = batchedLines(byteDestination({ dest: file, sync: true }));
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

describe("a log line's bytes", () => {
  it("writes whole numbers as JSON does", () => {
    for (const n of [0, 7, 10, 99, 100, 304, 2_147_483_647]) {
      const bytes = Buffer.alloc(16, 0x2e);
      const end = lineBytes.digits(bytes, 3, n);
      expect(bytes.toString("latin1", 3, end)).toBe(JSON.stringify(n));
      expect(bytes[2]).toBe(0x2e); // nothing written before `at`
      expect(bytes[end]).toBe(0x2e); // nor after the end it returns
    }
  });

  it("writes text as it is only when JSON would", () => {
    for (const text of ["/", "/projects/ceiling-grid?page=2&sort=new", "/a~b_c-d.e!$'()*+,;=:@%20"]) {
      expect(isPlainJsonText(text)).toBe(true);
      const bytes = Buffer.alloc(text.length);
      lineBytes.ascii(bytes, 0, text);
      expect(`"${bytes.toString("latin1")}"`).toBe(JSON.stringify(text));
    }
    for (const text of ['/"quoted"', "/back\\slash", "/tab\there", "/caf\u00e9", "/\u20ac", "/\u007f"]) {
      expect(isPlainJsonText(text)).toBe(false);
    }
  });

  it("keeps lines written as bytes and as text in order", () => {
    const handed: string[] = [];
    const lines = batchedLines({
      write: (b) => void handed.push(b.toString("utf8")),
      flush: () => {},
      flushSync: () => {},
    });
    lines.write("one\n");
    lines.writeBytes(8, (bytes, at) => lineBytes.ascii(bytes, at, "two\n"));
    lines.write("three €\n");
    lines.flush();
    expect(handed.join("")).toBe("one\ntwo\nthree €\n");
  });
});
