import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";

// iCalendar text for site surveys, made with ical-generator (maintained, RFC 5545): one event per
// booking with a stable UID, a SEQUENCE that counts changes, the business as ORGANIZER and the
// visitor and surveyor as ATTENDEEs. An invitation is METHOD:REQUEST (a new or moved survey) or
// METHOD:CANCEL; the staff subscription feed is a plain calendar (no METHOD).

export type SurveyEvent = {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  cancelled: boolean;
  organizer: { name: string; email: string };
  attendees: Array<{ name: string; email: string }>;
  url?: string;
};

/** The calendar file's product id (PRODID): the business, by its name in the settings. */
const prodId = (company: string) => ({ company, product: "Site surveys", language: "EN" });

function addEvent(calendar: ReturnType<typeof ical>, e: SurveyEvent) {
  calendar.createEvent({
    id: e.uid,
    sequence: e.sequence,
    start: e.start,
    end: e.end,
    stamp: new Date(),
    summary: e.summary,
    description: e.description,
    location: e.location,
    url: e.url ?? null,
    status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: e.organizer,
    attendees: e.attendees.map((a) => ({
      name: a.name,
      email: a.email,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: !e.cancelled,
    })),
  });
}

/** An invitation (REQUEST) or cancellation (CANCEL) for one survey. */
export function surveyInvitation(method: "REQUEST" | "CANCEL", event: SurveyEvent): string {
  const calendar = ical({
    prodId: prodId(event.organizer.name),
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  addEvent(calendar, { ...event, cancelled: method === "CANCEL" });
  return calendar.toString();
}

/**
 * An invitation (REQUEST) or cancellation (CANCEL) of several events at once: a job's programme
 * (`company`: the business's name, as its organizer).
 */
export function calendarInvitation(method: "REQUEST" | "CANCEL", events: SurveyEvent[], company: string): string {
  const calendar = ical({
    prodId: prodId(company),
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  for (const event of events) addEvent(calendar, { ...event, cancelled: method === "CANCEL" });
  return calendar.toString();
}

/** A subscription feed (Google Calendar's "From URL", Outlook's "Subscribe from web"). */
export function surveyFeed(company: string, name: string, events: SurveyEvent[]): string {
  const calendar = ical({ prodId: prodId(company), name, ttl: 15 * 60 });
  for (const event of events) addEvent(calendar, event);
  return calendar.toString();
}
