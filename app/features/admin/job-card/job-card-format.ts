import { formatDateTime } from "~/features/time/irish-format";

// Times on the job card, in Irish time whatever the phone's own zone.

/** "3 March 2026, 10:30" (Dublin). */
export const formatWhen = (at: Date | string) => formatDateTime(at);

/** A Google Maps search for an Eircode (Google resolves Eircodes to the building). */
export const eircodeMapUrl = (eircode: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(eircode)}`;
