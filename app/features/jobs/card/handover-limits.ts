// A module of its own, with no imports: the handover pack's query (in the server) reads it, and so
// does its PDF (in the PDF workers), without the server loading pdfkit for one number.

/** At most this many photos go in a pack (the newest "after" photos). */
export const HANDOVER_MAX_PHOTOS = 30;
