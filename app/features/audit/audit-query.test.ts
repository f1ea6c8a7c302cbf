import { describe, expect, it } from "vitest";
import {
  actionsOf,
  auditQueryString,
  auditTimeRange,
  dublinDayStart,
  formatAuditTime,
  hasAuditFilters,
  parseAuditQuery,
  parseCursor,
  parseDate,
} from "./audit-query";

const parse = (qs: string) => parseAuditQuery(new URLSearchParams(qs));

describe("parseAuditQuery", () => {
  it("reads nothing from an empty URL", () => {
    const q = parse("");
    expect(q).toEqual({ activity: null, user: null, from: null, to: null, before: null, after: null });
    expect(hasAuditFilters(q)).toBe(false);
  });

  it("accepts a group or a single action from the catalogue, nothing else", () => {
    expect(parse("activity=content").activity).toBe("content");
    expect(parse("activity=faq.update").activity).toBe("faq.update");
    expect(parse("activity=sign-in").activity).toBe("sign-in");
    expect(parse("activity=faq.explode").activity).toBeNull();
    expect(parse("activity=toString").activity).toBeNull();
    expect(parse("activity=__proto__").activity).toBeNull();
  });

  it("trims the user and keeps only real calendar dates", () => {
    const q = parse("user=%20siobhan%20&from=2026-03-29&to=2026-02-30");
    expect(q.user).toBe("siobhan");
    expect(q.from).toBe("2026-03-29");
    expect(q.to).toBeNull();
    expect(parse("user=%20%20").user).toBeNull();
    expect(parse("from=29/03/2026").from).toBeNull();
    expect(parseDate("2024-02-29")).toBe("2024-02-29");
    expect(parseDate("2023-02-29")).toBeNull();
    expect(parseDate("1999-12-31")).toBeNull();
    expect(hasAuditFilters(parse("to=2026-01-01"))).toBe(true);
  });

  it("reads paging cursors with microseconds, one direction at a time", () => {
    expect(parseCursor("2026-10-01T09:00:00.123456Z_42")).toEqual({ at: "2026-10-01T09:00:00.123456Z", id: 42 });
    expect(parseCursor("2026-10-01T09:00:00.123Z_42")).toBeNull(); // milliseconds only: would skip rows
    expect(parseCursor("2026-10-01T09:00:00.123456Z_0")).toBeNull();
    expect(parseCursor("2026-10-01T09:00:00.123456Z_1;drop")).toBeNull();
    expect(parseCursor("2026-13-45T09:00:00.123456Z_1")).toBeNull();
    const both = parse("before=2026-10-01T09:00:00.000001Z_5&after=2026-10-02T09:00:00.000001Z_9");
    expect(both.before).toEqual({ at: "2026-10-01T09:00:00.000001Z", id: 5 });
    expect(both.after).toBeNull();
    expect(parse("after=2026-10-02T09:00:00.000001Z_9").after).toEqual({ at: "2026-10-02T09:00:00.000001Z", id: 9 });
  });
});

describe("auditQueryString", () => {
  it("writes what parseAuditQuery reads, leaving empty values out", () => {
    expect(auditQueryString({})).toBe("");
    const query = parse(
      "activity=contacts&user=Seán Ó&from=2026-01-01&to=2026-01-31&before=2026-01-15T10:00:00.500000Z_7",
    );
    const qs = auditQueryString(query);
    expect(parse(qs.slice(1))).toEqual(query);
    expect(auditQueryString({ activity: null, user: "a&b" })).toBe("?user=a%26b");
  });
});

describe("actionsOf", () => {
  it("expands a group to its actions and a single action to itself", () => {
    expect(actionsOf(null)).toBeNull();
    expect(actionsOf("faq.delete")).toEqual(["faq.delete"]);
    expect(actionsOf("sign-in")).toEqual(["sign-in.success", "sign-in.failure", "sign-out"]);
    expect(actionsOf("contacts")).toContain("contact.purge");
    expect(actionsOf("content")).toEqual(
      expect.arrayContaining(["page.create", "upload.create", "testimonial.delete"]),
    );
  });
});

describe("Irish dates", () => {
  it("finds when a day begins in winter, in summer and on both clock-change days", () => {
    expect(dublinDayStart("2026-01-15").toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(dublinDayStart("2026-07-01").toISOString()).toBe("2026-06-30T23:00:00.000Z");
    // Clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026.
    expect(dublinDayStart("2026-03-29").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(dublinDayStart("2026-03-30").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(dublinDayStart("2026-10-25").toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(dublinDayStart("2026-10-26").toISOString()).toBe("2026-10-26T00:00:00.000Z");
  });

  it("covers whole days, both ends included", () => {
    const { since, until } = auditTimeRange({ from: "2026-06-01", to: "2026-06-01" });
    expect(since?.toISOString()).toBe("2026-05-31T23:00:00.000Z");
    expect(until?.toISOString()).toBe("2026-06-01T23:00:00.000Z");
    // The last day of a month rolls over into the next.
    expect(auditTimeRange({ from: null, to: "2026-12-31" })).toEqual({
      since: null,
      until: new Date("2027-01-01T00:00:00.000Z"),
    });
  });

  it("shows times as Irish time with seconds", () => {
    expect(formatAuditTime(new Date("2026-07-01T06:05:09Z"))).toEqual({
      iso: "2026-07-01T06:05:09.000Z",
      date: "1 July 2026",
      time: "7:05:09",
    });
    expect(formatAuditTime("2026-12-31T23:59:59Z")).toMatchObject({ date: "31 December 2026", time: "23:59:59" });
  });
});
