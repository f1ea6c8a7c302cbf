import { describe, expect, it } from "vitest";
import { calendarInvitation, surveyFeed, surveyInvitation, type SurveyEvent } from "./ics.server";

// The calendar file's product id names the business as its settings have it (issue 36 item 8: the
// name is typed once, in app/config.ts, and staff may change it in Settings > Business).
const event: SurveyEvent = {
  uid: "booking-1@example.ie",
  sequence: 0,
  start: new Date("2026-12-01T10:00:00Z"),
  end: new Date("2026-12-01T11:00:00Z"),
  summary: "Site survey",
  description: "A free site survey",
  location: "Unit 1, Dublin",
  cancelled: false,
  organizer: { name: "Acme Ceilings", email: "info@acme.example" },
  attendees: [{ name: "Visitor", email: "visitor@example.ie" }],
};

const prodIdLine = (ics: string) => ics.split(/\r?\n/).find((line) => line.startsWith("PRODID:"));

describe("iCalendar product id", () => {
  it("is the business's name from the settings in an invitation, a programme and a feed", () => {
    expect(prodIdLine(surveyInvitation("REQUEST", event))).toBe("PRODID:-//Acme Ceilings//Site surveys//EN");
    expect(prodIdLine(calendarInvitation("CANCEL", [event], "Acme Ceilings"))).toBe(
      "PRODID:-//Acme Ceilings//Site surveys//EN",
    );
    expect(prodIdLine(surveyFeed("Acme Ceilings", "Acme Ceilings site surveys", [event]))).toBe(
      "PRODID:-//Acme Ceilings//Site surveys//EN",
    );
  });
});
