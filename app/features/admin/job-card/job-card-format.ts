// Times on the job card, in Irish time whatever the phone's own zone.
const short = new Intl.DateTimeFormat("en-IE", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/Dublin",
});

/** "Tue 3 Mar, 10:30" (Dublin). */
export const formatWhen = (at: Date | string) => short.format(new Date(at));

/** A Google Maps search for an Eircode (Google resolves Eircodes to the building). */
export const eircodeMapUrl = (eircode: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(eircode)}`;

export const STATUS_LABELS = {
  "to-schedule": "To schedule",
  scheduled: "Scheduled",
  "in-progress": "In progress",
  snagging: "Snagging",
  complete: "Complete",
  cancelled: "Cancelled",
} as const;
