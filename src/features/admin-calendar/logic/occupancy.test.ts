import { describe, expect, it } from 'vitest';
import { itemLabel, itemTone, placeItems, visibleDays, weekStart, type OccupancyItem } from './occupancy';
import { manualBlockSchema } from './schemas';

const item = (over: Partial<OccupancyItem>): OccupancyItem => ({
  kind: 'booking',
  id: 'a',
  room_id: 'r',
  check_in_date: '2027-01-04',
  check_out_date: '2027-01-06',
  status: 'confirmed',
  source: 'direct',
  label: 'Ada Lovelace (CG-ABC234)',
  ...over,
});

describe('occupancy calendar', () => {
  it('starts weeks on Monday and shows two weeks', () => {
    expect(weekStart('2027-01-06')).toBe('2027-01-04');
    expect(weekStart('2027-01-10')).toBe('2027-01-04');
    expect(weekStart('2027-01-04')).toBe('2027-01-04');
    const days = visibleDays('2027-01-04');
    expect(days).toHaveLength(14);
    expect(days.at(-1)).toBe('2027-01-17');
  });

  it('places stays on their nights, clipped to the window, and a colliding one on a second lane', () => {
    const placed = placeItems(
      [
        item({ id: 'before', check_in_date: '2027-01-01', check_out_date: '2027-01-05' }),
        item({ id: 'stay', check_in_date: '2027-01-05', check_out_date: '2027-01-08' }),
        item({
          id: 'conflict',
          kind: 'external',
          status: 'conflict',
          source: 'airbnb',
          check_in_date: '2027-01-06',
          check_out_date: '2027-01-07',
        }),
        item({ id: 'after', check_in_date: '2027-01-18', check_out_date: '2027-01-20' }),
        item({ id: 'long', check_in_date: '2027-01-10', check_out_date: '2027-02-01' }),
      ],
      '2027-01-04',
    );
    expect(placed.map(({ item: { id }, column, span, lane }) => [id, column, span, lane])).toEqual([
      ['before', 1, 1, 1],
      ['stay', 2, 3, 1],
      ['conflict', 3, 1, 2],
      ['long', 7, 8, 1],
    ]);
  });

  it('paints conflicts red and names every source on hover', () => {
    const conflict = item({ kind: 'external', status: 'conflict', source: 'booking', label: 'CLOSED - Not available' });
    expect(itemTone(conflict)).toContain('bg-red-700');
    expect(itemLabel(conflict).title).toBe(
      'CONFLICT · Booking.com calendar · CLOSED - Not available · 2027-01-04 → 2027-01-06',
    );
    expect(itemLabel(item({ kind: 'manual', status: 'owner_stay', source: 'manual', label: 'Family' })).title).toBe(
      'Manual block · Owner stay · Family · 2027-01-04 → 2027-01-06',
    );
    expect(itemLabel(item({ status: 'checked_in' })).title).toContain(
      'Direct booking · Ada Lovelace (CG-ABC234) · checked in',
    );
  });

  it('refuses a manual block without a room or ending before it starts', () => {
    const base = {
      room_id: '10000000-0000-4000-8000-000000000001',
      check_in_date: '2027-01-05',
      check_out_date: '2027-01-07',
      reason: 'maintenance' as const,
      note: '',
    };
    expect(manualBlockSchema.safeParse(base).success).toBe(true);
    expect(manualBlockSchema.safeParse({ ...base, room_id: '' }).error?.issues[0].message).toBe(
      'Please choose a room.',
    );
    expect(manualBlockSchema.safeParse({ ...base, check_out_date: '2027-01-05' }).error?.issues[0].message).toBe(
      'The end date must be after the start date.',
    );
  });
});
