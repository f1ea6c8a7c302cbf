import { describe, expect, it } from "vitest";
import { rollUpDay, splitVisits, visitBefore, type RawView } from "./visits";

const at = (time: string) => new Date(`2026-11-20T${time}:00Z`);
const view = (visitor: string, time: string, path: string, extra: Partial<RawView> = {}): RawView => ({
  visitor,
  at: at(time),
  path,
  source: "direct",
  campaign: "",
  device: "desktop",
  views: 1,
  ...extra,
});

describe("visits", () => {
  it("keeps one visitor's views together while the gaps stay under 30 minutes", () => {
    const visits = splitVisits([
      view("a", "09:00", "/"),
      view("a", "09:29", "/partitions"),
      view("a", "09:58", "/contact-us"),
    ]);
    expect(visits).toHaveLength(1);
    expect(visits[0]!.landingPath).toBe("/");
  });

  it("starts a new visit after a gap of 30 minutes, landing on that page", () => {
    const visits = splitVisits([
      view("a", "09:00", "/"),
      view("a", "09:30", "/gallery"),
      view("a", "09:31", "/contact-us"),
    ]);
    expect(visits.map((v) => [v.landingPath, v.views.length])).toEqual([
      ["/", 1],
      ["/gallery", 2],
    ]);
  });

  it("never joins two visitors, whatever the order the views arrive in", () => {
    const visits = splitVisits([view("b", "09:05", "/about-us"), view("a", "09:00", "/"), view("b", "09:01", "/blog")]);
    expect(visits.map((v) => [v.visitor, v.landingPath])).toEqual([
      ["a", "/"],
      ["b", "/blog"],
    ]);
  });

  it("takes a visit's source and campaign from its first page", () => {
    const [visit] = splitVisits([
      view("a", "10:00", "/suspended-ceilings", { source: "google", campaign: "offices" }),
      view("a", "10:03", "/contact-us"),
    ]);
    expect(visit).toMatchObject({ source: "google", campaign: "offices" });
  });

  it("starts a new visit when the visitor arrives from a new campaign or site within 30 minutes", () => {
    const visits = splitVisits([
      view("a", "10:00", "/"),
      view("a", "10:05", "/about-us"),
      view("a", "10:12", "/shop-ceiling", { source: "google", campaign: "shops" }),
      view("a", "10:14", "/book"),
      view("a", "10:20", "/shop-ceiling", { source: "google", campaign: "offices" }),
      view("a", "10:25", "/blog", { source: "linkedin.com" }),
    ]);
    expect(visits.map((v) => [v.landingPath, v.source, v.campaign, v.views.length])).toEqual([
      ["/", "direct", "", 2],
      ["/shop-ceiling", "google", "shops", 2],
      ["/shop-ceiling", "google", "offices", 1],
      ["/blog", "linkedin.com", "", 1],
    ]);
  });

  it("keeps a reload of the same campaign's page in its visit", () => {
    const visits = splitVisits([
      view("a", "10:00", "/shop-ceiling", { source: "google", campaign: "shops" }),
      view("a", "10:01", "/shop-ceiling", { source: "google", campaign: "shops" }),
    ]);
    expect(visits).toHaveLength(1);
  });
});

describe("a day's roll-up", () => {
  it("counts views under their visit's source, with visitors and entries per page", () => {
    const { rows, totals } = rollUpDay([
      view("a", "10:00", "/", { source: "google", campaign: "offices" }),
      view("a", "10:02", "/partitions", { views: 2 }),
      view("b", "11:00", "/partitions", { device: "phone" }),
      view("a", "15:00", "/partitions"),
    ]);
    expect(totals).toEqual({ views: 5, visitors: 2, visits: 3 });
    const row = (path: string, source: string, device = "desktop") =>
      rows.find((r) => r.path === path && r.source === source && r.device === device);
    expect(row("/", "google")).toMatchObject({ campaign: "offices", views: 1, visitors: 1, entries: 1 });
    expect(row("/partitions", "google")).toMatchObject({ views: 2, visitors: 1, entries: 0 });
    expect(row("/partitions", "direct")).toMatchObject({ views: 1, visitors: 1, entries: 1 });
    expect(row("/partitions", "direct", "phone")).toMatchObject({ views: 1, visitors: 1, entries: 1 });
  });

  it("finds the visit a lead came from: the visitor's latest that had begun", () => {
    const visits = splitVisits([
      view("a", "09:00", "/", { source: "bing.com" }),
      view("a", "12:00", "/partitions", { source: "google", campaign: "offices" }),
    ]);
    expect(visitBefore(visits, "a", at("12:10"))?.landingPath).toBe("/partitions");
    expect(visitBefore(visits, "a", at("10:00"))?.source).toBe("bing.com");
    expect(visitBefore(visits, "b", at("12:10"))).toBeUndefined();
  });
});
