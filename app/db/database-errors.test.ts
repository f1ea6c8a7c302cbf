import { DrizzleQueryError } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, withoutQueryValues } from "./database-errors";

const pgError = (code: string, message = "error") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    [
      "a refused connection (server stopped)",
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    ],
    ["the server closing the connection", new Error("Connection terminated unexpectedly")],
    ["the server shutting down", pgError("57P01", "terminating connection due to administrator command")],
    ["the server starting up", pgError("57P03", "the database system is starting up")],
    ["a statement timeout", pgError("57014", "canceling statement due to statement timeout")],
    ["a busy pool", new Error("timeout exceeded when trying to connect")],
    ["a connection exception class", pgError("08006")],
    ["a full disk", pgError("53100")],
    [
      "the embedded database's disk guard",
      Object.assign(new Error("Not enough free disk space"), { name: "DiskSpaceError" }),
    ],
    [
      "a Drizzle query error wrapping the driver's",
      Object.assign(new Error("Failed query: select 1"), { cause: new Error("Connection terminated unexpectedly") }),
    ],
    ["every address refusing", new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })])],
  ])("is true for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", pgError("23505", "duplicate key value")],
    ["a syntax error (a bug)", pgError("42601", "syntax error")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["nothing", undefined],
    ["a string", "Connection terminated"],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("withoutQueryValues", () => {
  const driverError = () =>
    Object.assign(new Error('duplicate key value violates unique constraint "users_username_key"'), {
      code: "23505",
      constraint: "users_username_key",
      detail: "Key (lower(username))=(aoife@example.ie) already exists.",
      params: ["aoife@example.ie"],
    });

  it("keeps a failed query's SQL, code and constraint, but none of its values, in message, stack or fields", () => {
    const failed = new DrizzleQueryError(
      'insert into "users" ("username", "password") values ($1, $2)',
      ["aoife@example.ie", "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"],
      driverError(),
    );
    const clean = withoutQueryValues(failed);
    const logged = JSON.stringify(pino.stdSerializers.err(clean));
    expect(logged).not.toMatch(/aoife|argon2id/);
    expect(clean.message).toBe('Failed query: insert into "users" ("username", "password") values ($1, $2)');
    expect(clean.stack).toMatch(/^Error: Failed query: insert into "users"[^\n]*\n\s+at /);
    expect(clean).toBeInstanceOf(DrizzleQueryError);
    expect(clean.cause).toMatchObject({ code: "23505", constraint: "users_username_key" });
    expect(logged).toContain("duplicate key value violates unique constraint");
    // The original is left as it was (the request's error handler may still read it).
    expect(failed.params).toHaveLength(2);
  });

  it("answers any other error, or a value that is not an error, unchanged", () => {
    const plain = new Error("socket hang up");
    expect(withoutQueryValues(plain)).toBe(plain);
    expect(withoutQueryValues("text")).toBe("text");
  });
});
