// Clashes on the programme, pure (tested alone): a staff member put on a job day while they are
// already on a site survey (held until its buffer ends) or on another job day that overlaps.
// Touching ends (one ends at 12:00, the next starts at 12:00) are not a clash.

export type BusyItem =
  | { kind: "survey"; staffId: number; start: Date; end: Date; bookingId: number }
  | { kind: "job-day"; staffId: number; start: Date; end: Date; dayId: number; jobId: number; jobNumber: string };

export type Clash = BusyItem & { staffName: string };

export const overlaps = (a: { start: Date; end: Date }, b: { start: Date; end: Date }) =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/** The busy items of the wanted staff that overlap [start, end), in time order, leaving out `exceptDayId`. */
export function findClashes(
  wanted: { start: Date; end: Date; staff: ReadonlyArray<{ id: number; name: string }>; exceptDayId?: number },
  busy: ReadonlyArray<BusyItem>,
): Clash[] {
  const names = new Map(wanted.staff.map((s) => [s.id, s.name]));
  return busy
    .filter((b) => names.has(b.staffId) && overlaps(wanted, b))
    .filter((b) => !(b.kind === "job-day" && b.dayId === wanted.exceptDayId))
    .map((b) => ({ ...b, staffName: names.get(b.staffId)! }))
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.staffId - b.staffId);
}

/** One sentence per clash: "mary is on site survey #12, Tuesday 3 March 2026, 10:00–11:30". */
export function clashSentence(clash: Clash, when: (start: Date, end: Date) => string): string {
  const what = clash.kind === "survey" ? `a site survey (booking #${clash.bookingId})` : `job ${clash.jobNumber}`;
  return `${clash.staffName} is already on ${what}, ${when(clash.start, clash.end)}`;
}
