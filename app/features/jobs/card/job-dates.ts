import { dublinDay, surveyStart, surveyWhen } from "~/features/time/dublin-time";

/**
 * A job day in Irish time: "Tuesday 3 March 2026, 8:00–16:30", or for a night that runs past
 * midnight "Friday 6 March 2026, 22:00 to Saturday 7 March 2026, 6:00".
 */
export function jobDayWhen(start: Date, end: Date): string {
  return dublinDay(start) === dublinDay(end) ? surveyWhen(start, end) : `${surveyStart(start)} to ${surveyStart(end)}`;
}
