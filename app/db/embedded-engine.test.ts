import { describe, expect, it } from "vitest";
import { chooseEmbeddedEngine } from "./client.server";

const dir = "/srv/ic-interiors/data";
const empty = { pglite: false, postgres: false };
const choose = (
  requested: "pglite" | "postgres" | undefined,
  holds: { pglite: boolean; postgres: boolean },
  binariesAvailable = true,
) => chooseEmbeddedEngine({ requested, holds, binariesAvailable, dir });

describe("which embedded database a DATA_DIR opens with", () => {
  it("gives a new DATA_DIR the embedded PostgreSQL by default, and PGlite where PostgreSQL cannot run", () => {
    expect(choose(undefined, empty)).toBe("postgres");
    expect(choose(undefined, empty, false)).toBe("pglite");
  });

  it("with EMBEDDED_DB unset, opens what the DATA_DIR already holds", () => {
    expect(choose(undefined, { pglite: true, postgres: false })).toBe("pglite");
    expect(choose(undefined, { pglite: false, postgres: true })).toBe("postgres");
    // Converted, with the PGlite folder not yet moved aside (a crash between the two renames): the finished cluster wins.
    expect(choose(undefined, { pglite: true, postgres: true })).toBe("postgres");
  });

  it("honours EMBEDDED_DB on a new DATA_DIR or one holding that engine", () => {
    expect(choose("pglite", empty)).toBe("pglite");
    expect(choose("postgres", empty, false)).toBe("postgres");
    expect(choose("pglite", { pglite: true, postgres: false })).toBe("pglite");
    expect(choose("postgres", { pglite: false, postgres: true })).toBe("postgres");
  });

  it("refuses EMBEDDED_DB naming the other engine than the one holding the data, saying what to do", () => {
    expect(() => choose("pglite", { pglite: false, postgres: true })).toThrow(
      "The data directory /srv/ic-interiors/data holds an embedded PostgreSQL database (/srv/ic-interiors/data/postgres), but EMBEDDED_DB is pglite. Unset EMBEDDED_DB to use it",
    );
    expect(() => choose("postgres", { pglite: true, postgres: false })).toThrow(
      /holds an embedded PGlite database .* Start the server \(npm start\) with EMBEDDED_DB=postgres or unset to convert it/,
    );
  });
});
