// Quote dates are Irish calendar days ("YYYY-MM-DD"): a quote valid until the 30th can be accepted
// until midnight in Dublin that day, whatever the server's time zone. Today's Irish day and adding
// days are in features/time.

import { dublinDay } from "~/features/time/dublin-time";
import { formatCalendarDay, formatDateTime } from "~/features/time/irish-format";

/** Past its last day (Irish time). */
export const isExpired = (validUntil: string, now: Date) => dublinDay(now) > validUntil;

/** "30 September 2026" for a YYYY-MM-DD day. */
export const formatDay = formatCalendarDay;
/** "3 June 2026, 14:05" (Irish time). */
export const formatMoment = (at: Date) => formatDateTime(at);
