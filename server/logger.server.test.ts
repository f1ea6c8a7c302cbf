import { DrizzleQueryError } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { errorSerializer } from "./logger.server";

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
