import { describe, expect, it } from 'vitest';
import {
  bookingActions,
  bookingNights,
  pageCount,
  pageRange,
  readBookingFilters,
  writeBookingFilters,
} from './booking-logic';

describe('bookingActions', () => {
  const labels = (status: Parameters<typeof bookingActions>[0]) => bookingActions(status).map((action) => action.label);

  it('offers only the allowed transitions per status', () => {
    expect(labels('pending')).toEqual(['Confirm', 'Cancel']);
    expect(labels('confirmed')).toEqual(['Check In', 'Cancel']);
    expect(labels('checked_in')).toEqual(['Check Out', 'Cancel']);
    expect(labels('checked_out')).toEqual([]);
    expect(labels('cancelled')).toEqual([]);
  });

  it('targets the right status', () => {
    expect(bookingActions('pending')[0].to).toBe('confirmed');
    expect(bookingActions('confirmed')[0].to).toBe('checked_in');
    expect(bookingActions('checked_in')[0].to).toBe('checked_out');
    expect(bookingActions('checked_in')[1].to).toBe('cancelled');
  });
});

describe('bookingNights', () => {
  it('counts calendar days, across month ends and DST changes', () => {
    expect(bookingNights('2026-03-28', '2026-03-31')).toBe(3);
    expect(bookingNights('2026-01-31', '2026-02-01')).toBe(1);
    expect(bookingNights('2026-05-02', '2026-05-01')).toBe(0);
  });
});

describe('filters in the URL', () => {
  it('reads defaults and ignores bad values', () => {
    expect(readBookingFilters(new URLSearchParams(''))).toEqual({ search: '', status: 'all', page: 1 });
    expect(readBookingFilters(new URLSearchParams('status=bogus&page=-3'))).toEqual({
      search: '',
      status: 'all',
      page: 1,
    });
    expect(readBookingFilters(new URLSearchParams('q=anna&status=pending&page=3'))).toEqual({
      search: 'anna',
      status: 'pending',
      page: 3,
    });
  });
  it('writes only what differs from the defaults', () => {
    expect(writeBookingFilters({ search: '', status: 'all', page: 1 }).toString()).toBe('');
    expect(writeBookingFilters({ search: 'anna', status: 'confirmed', page: 2 }).toString()).toBe(
      'q=anna&status=confirmed&page=2',
    );
  });
});

describe('pagination', () => {
  it('maps pages to inclusive row ranges', () => {
    expect(pageRange(1)).toEqual([0, 19]);
    expect(pageRange(3)).toEqual([40, 59]);
  });
  it('counts pages', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(50_000)).toBe(2500);
  });
});
