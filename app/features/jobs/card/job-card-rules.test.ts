import { describe, expect, it } from "vitest";
import { validate } from "~/forms/field-errors";
import {
  cardIsOpen,
  checklistTick,
  documentName,
  looksLikePdf,
  parsePhotoStage,
  photoOnTheSiteMessage,
  signOffState,
  snagClosing,
} from "./job-card-rules";
import { NewSnagSchema, SignOffSchema, SIGN_OFF_MESSAGES, SNAG_MESSAGES } from "./job-card-schema";
import { jobDayWhen } from "./job-dates";

const NOW = new Date("2026-03-03T10:30:00Z");

describe("the job card's rules", () => {
  it("keeps the card open until the job is complete or cancelled", () => {
    expect(["to-schedule", "scheduled", "in-progress", "snagging"].every((s) => cardIsOpen(s as never))).toBe(true);
    expect(cardIsOpen("complete")).toBe(false);
    expect(cardIsOpen("cancelled")).toBe(false);
  });

  it("names every page that shows a photo the card cannot delete", () => {
    expect(photoOnTheSiteMessage([{ kind: "project", title: "Clinic ceiling" }])).toBe(
      "This photo is on the website (the project page “Clinic ceiling”). Take it off there first, then delete it here.",
    );
    expect(
      photoOnTheSiteMessage([
        { kind: "project", title: "A" },
        { kind: "project", title: "B" },
        { kind: "post", title: "C" },
      ]),
    ).toContain("(the project page “A”, the project page “B” and the blog post “C”)");
  });

  it("lets the client sign only while snagging, and only once", () => {
    expect(signOffState("snagging", false)).toBe("open");
    expect(signOffState("snagging", true)).toBe("signed");
    expect(signOffState("complete", false)).toBe("signed");
    for (const status of ["to-schedule", "scheduled", "in-progress", "cancelled"] as const)
      expect(signOffState(status, false)).toBe("not-ready");
  });

  it("records who ticked or closed and when, and clears both when undone", () => {
    expect(checklistTick(true, 7, NOW)).toEqual({ doneAt: NOW, doneBy: 7 });
    expect(checklistTick(false, 7, NOW)).toEqual({ doneAt: null, doneBy: null });
    expect(snagClosing(true, 9, NOW)).toEqual({ closedAt: NOW, closedBy: 9 });
    expect(snagClosing(false, 9, NOW)).toEqual({ closedAt: null, closedBy: null });
  });

  it("reads a photo's stage from the query, and nothing else", () => {
    expect(parsePhotoStage("before")).toBe("before");
    expect(parsePhotoStage("after")).toBe("after");
    expect(parsePhotoStage("After")).toBeNull();
    expect(parsePhotoStage(["before"])).toBeNull();
    expect(parsePhotoStage(undefined)).toBeNull();
  });

  it("knows a PDF by its bytes and names documents safely", () => {
    expect(looksLikePdf(Buffer.from("%PDF-1.7\n..."))).toBe(true);
    expect(looksLikePdf(Buffer.from("\n\n%PDF-1.4"))).toBe(true);
    expect(looksLikePdf(Buffer.from("GIF89a"))).toBe(false);
    expect(documentName("Fire cert")).toBe("Fire cert.pdf");
    expect(documentName("Data sheet.PDF")).toBe("Data sheet.PDF");
    expect(documentName("../../etc/passwd")).toBe("..-..-etc-passwd.pdf");
    expect(documentName("   ")).toBeNull();
    expect(documentName("x".repeat(201))).toBeNull();
    expect(documentName(undefined)).toBeNull();
  });

  it("writes a day, and a night past midnight, in Irish time", () => {
    expect(jobDayWhen(new Date("2026-07-07T07:00:00Z"), new Date("2026-07-07T15:30:00Z"))).toBe(
      "Tuesday 7 July 2026, 8:00–16:30",
    );
    expect(jobDayWhen(new Date("2026-01-09T22:00:00Z"), new Date("2026-01-10T06:00:00Z"))).toBe(
      "Friday 9 January 2026, 22:00 to Saturday 10 January 2026, 6:00",
    );
  });
});

describe("the snag and sign-off schemas", () => {
  it("needs a snag's text and takes an optional photo id", () => {
    expect(validate(NewSnagSchema, { text: "  Gap at the bulkhead  " })).toEqual({
      ok: true,
      data: { text: "Gap at the bulkhead" },
    });
    expect(validate(NewSnagSchema, { text: "" })).toEqual({ ok: false, errors: { text: SNAG_MESSAGES.text } });
    expect(validate(NewSnagSchema, { text: "Gap", photoId: "3" })).toEqual({
      ok: false,
      errors: { photoId: SNAG_MESSAGES.photoId },
    });
  });

  it("needs a name and the tick for a sign-off", () => {
    expect(validate(SignOffSchema, { name: "Aoife Byrne", agree: true }).ok).toBe(true);
    expect(validate(SignOffSchema, { name: "", agree: true })).toEqual({
      ok: false,
      errors: { name: SIGN_OFF_MESSAGES.name },
    });
    expect(validate(SignOffSchema, { name: "Aoife Byrne", agree: "on" })).toEqual({
      ok: false,
      errors: { agree: SIGN_OFF_MESSAGES.agree },
    });
  });
});
