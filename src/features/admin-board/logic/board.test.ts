import { describe, expect, it } from 'vitest';
import { moveFocus, newBookingHref, rowSegments, segmentAt, stayHref, weekStart, type BoardStay } from './board';

const stay = (id: string, from: string, to: string, over: Partial<BoardStay> = {}): BoardStay => ({
  kind: 'booking',
  id,
  room_id: 'room-1',
  check_in_date: from,
  check_out_date: to,
  status: 'confirmed',
  source: 'website',
  guest_name: `Guest ${id}`,
  reference: `CG-${id}`,
  guests: 2,
  ...over,
});

describe('the room board', () => {
  it('starts on the Monday of the week', () => {
    expect(weekStart('2026-12-02')).toBe('2026-11-30');
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
    expect(weekStart('2026-12-06')).toBe('2026-11-30');
  });

  it('lays a row out as bars over their nights and free days between', () => {
    const segments = rowSegments(
      [stay('B', '2026-12-05', '2026-12-07'), stay('A', '2026-11-28', '2026-12-02')],
      '2026-11-30',
    );
    expect(segments.map((s) => [s.start, s.end, s.stay?.id ?? null])).toEqual([
      [0, 2, 'A'],
      [2, 3, null],
      [3, 4, null],
      [4, 5, null],
      [5, 7, 'B'],
      ...[7, 8, 9, 10, 11, 12, 13].map((d) => [d, d + 1, null]),
    ]);
    expect(segments[0].continuesBefore).toBe(true);
    expect(segments[4].continuesBefore).toBe(false);
  });

  it('marks a bar that shares nights with another stay', () => {
    const segments = rowSegments(
      [stay('A', '2026-12-01', '2026-12-04'), stay('X', '2026-12-02', '2026-12-03', { kind: 'external' })],
      '2026-11-30',
    );
    expect(segmentAt(segments, 2)).toMatchObject({ start: 1, end: 4, conflict: true });
  });

  it('a bar running past the last day says so', () => {
    const segments = rowSegments([stay('A', '2026-12-12', '2026-12-20')], '2026-11-30');
    expect(segments.at(-1)).toMatchObject({ start: 12, end: 14, continuesAfter: true });
  });

  it('links a free cell to the New booking dialog and a bar to its booking', () => {
    expect(newBookingHref('room-1', '2026-12-31')).toBe(
      '/admin/bookings?new=1&room=room-1&from=2026-12-31&to=2027-01-01',
    );
    expect(stayHref(stay('A', '2026-12-01', '2026-12-02'))).toBe('/admin/bookings?q=CG-A');
    expect(stayHref(stay('M', '2026-12-01', '2026-12-02', { kind: 'manual', reference: null }))).toBe(
      '/admin/calendar',
    );
  });

  it('moves across cells with the arrow keys, a bar at a time', () => {
    const rows = [rowSegments([stay('A', '2026-12-01', '2026-12-04')], '2026-11-30'), rowSegments([], '2026-11-30')];
    expect(moveFocus(rows, { row: 0, day: 0 }, 'right')).toEqual({ row: 0, day: 1 });
    expect(moveFocus(rows, { row: 0, day: 1 }, 'right')).toEqual({ row: 0, day: 4 });
    expect(moveFocus(rows, { row: 0, day: 4 }, 'left')).toEqual({ row: 0, day: 1 });
    expect(moveFocus(rows, { row: 0, day: 2 }, 'down')).toEqual({ row: 1, day: 2 });
    expect(moveFocus(rows, { row: 1, day: 2 }, 'down')).toEqual({ row: 1, day: 2 });
    expect(moveFocus(rows, { row: 1, day: 13 }, 'right')).toEqual({ row: 1, day: 13 });
    expect(moveFocus(rows, { row: 0, day: 5 }, 'home')).toEqual({ row: 0, day: 0 });
    expect(moveFocus(rows, { row: 0, day: 5 }, 'end')).toEqual({ row: 0, day: 13 });
  });
});
