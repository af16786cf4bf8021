import { addDaysISO, daysBetweenISO } from '@/lib/dates';

export const BOARD_DAYS = 14;

export interface BoardStay {
  kind: 'booking' | 'external' | 'manual';
  id: string;
  room_id: string;
  check_in_date: string;
  check_out_date: string;
  /** a booking's status, an imported block's status, a manual block's reason */
  status: string;
  /** bookings.source, a channel's platform as bookings.source names it, or 'manual' */
  source: string;
  guest_name: string;
  reference: string | null;
  guests: number | null;
}

/** A run of days of one room's row: one stay's bar, or one free day. */
export interface Segment {
  /** first day's index in the board (0-based) */
  start: number;
  /** index after the last day */
  end: number;
  stay: BoardStay | null;
  /** another stay shares one of these nights (a double booking from a channel) */
  conflict: boolean;
  /** the bar goes on before the board's first day or after its last */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/** The Monday of the week of `day` (the board starts its two weeks there). */
export function weekStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDaysISO(day, -((weekday + 6) % 7));
}

export function boardDays(from: string, count = BOARD_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => addDaysISO(from, i));
}

/** One room's row as segments: each stay a bar over its nights, each other day a free cell. */
export function rowSegments(stays: readonly BoardStay[], from: string, count = BOARD_DAYS): Segment[] {
  const occupant: (BoardStay | null)[] = Array.from({ length: count }, () => null);
  const shared: boolean[] = Array.from({ length: count }, () => false);
  const ordered = [...stays].sort((a, b) => a.check_in_date.localeCompare(b.check_in_date));
  for (const stay of ordered) {
    const first = Math.max(0, daysBetweenISO(from, stay.check_in_date));
    const last = Math.min(count, daysBetweenISO(from, stay.check_out_date));
    for (let i = first; i < last; i++) {
      if (occupant[i]) shared[i] = true;
      else occupant[i] = stay;
    }
  }
  const segments: Segment[] = [];
  let i = 0;
  while (i < count) {
    const stay = occupant[i];
    let end = i + 1;
    if (stay) while (end < count && occupant[end] === stay) end++;
    segments.push({
      start: i,
      end,
      stay,
      conflict: stay ? shared.slice(i, end).some(Boolean) : false,
      continuesBefore: Boolean(stay && i === 0 && stay.check_in_date < from),
      continuesAfter: Boolean(stay && end === count && stay.check_out_date > addDaysISO(from, count)),
    });
    i = end;
  }
  return segments;
}

/** The segment of `segments` holding day `day`. */
export function segmentAt(segments: readonly Segment[], day: number): Segment {
  return segments.find((s) => s.start <= day && day < s.end) ?? segments[segments.length - 1];
}

/** Where a free cell leads: the New booking dialog of Bookings for that room and night. */
export function newBookingHref(roomId: string, day: string): string {
  const params = new URLSearchParams({ new: '1', room: roomId, from: day, to: addDaysISO(day, 1) });
  return `/admin/bookings?${params.toString()}`;
}

/** Where a bar leads: the booking's card in Bookings (found by its reference), or the Calendar for a block. */
export function stayHref(stay: BoardStay): string {
  if (stay.kind === 'booking' && stay.reference) return `/admin/bookings?${new URLSearchParams({ q: stay.reference })}`;
  return '/admin/calendar';
}

export type Move = 'left' | 'right' | 'up' | 'down' | 'home' | 'end';

/**
 * The cell the arrow keys reach from day `day` of row `row`: left and right jump over a whole bar,
 * up and down keep the day; the result is the day the focus lands on.
 */
export function moveFocus(
  rows: readonly Segment[][],
  position: { row: number; day: number },
  move: Move,
): { row: number; day: number } {
  const { row, day } = position;
  const here = segmentAt(rows[row], day);
  switch (move) {
    case 'left':
      return { row, day: here.start > 0 ? segmentAt(rows[row], here.start - 1).start : here.start };
    case 'right':
      return { row, day: here.end < BOARD_DAYS ? here.end : here.start };
    case 'up':
      return row > 0 ? { row: row - 1, day } : position;
    case 'down':
      return row < rows.length - 1 ? { row: row + 1, day } : position;
    case 'home':
      return { row, day: 0 };
    case 'end':
      return { row, day: segmentAt(rows[row], BOARD_DAYS - 1).start };
  }
}
