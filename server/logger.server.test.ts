import { DrizzleQueryError } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { errorSerializer, linesPerTurn } from "./logger.server";

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
      write: (text: string) => writes.push(text),
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
});
