import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-errors";

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
