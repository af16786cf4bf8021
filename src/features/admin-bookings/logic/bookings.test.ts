import { describe, expect, it } from 'vitest';
import {
  bookingActions,
  bookingNights,
  emailKindLabel,
  emailState,
  hasGuestLink,
  holdText,
  pageCount,
  pageRange,
  readBookingFilters,
  writeBookingFilters,
} from './bookings';
import { bookingSettingsSchema } from './schemas';
import type { BookingEmail } from '../types';

describe('bookingActions', () => {
  const labels = (status: Parameters<typeof bookingActions>[0]) => bookingActions(status).map((action) => action.label);

  it('offers only the allowed transitions per status', () => {
    expect(labels('pending')).toEqual(['Confirm', 'Cancel']);
    expect(labels('confirmed')).toEqual(['Check In', 'Cancel']);
    expect(labels('checked_in')).toEqual(['Check Out', 'Cancel']);
    expect(labels('checked_out')).toEqual([]);
    expect(labels('cancelled')).toEqual([]);
    // an expired request can still be confirmed (if its room is free) or cancelled
    expect(labels('expired')).toEqual(['Confirm', 'Cancel']);
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
  it("reads the host e-mail's ?search= link into the search", () => {
    expect(readBookingFilters(new URLSearchParams('search=CG-ABC234')).search).toBe('CG-ABC234');
    expect(readBookingFilters(new URLSearchParams('q=anna&search=CG-ABC234')).search).toBe('anna');
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

describe('holdText', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  it('says how long the hold lasts, or that it ended', () => {
    expect(holdText('2026-11-25T10:23:00Z', now)).toBe('Hold ends in 23 min');
    expect(holdText('2026-11-27T10:00:00Z', now)).toBe('Hold ends in 2 days');
    expect(holdText('2026-11-25T09:00:00Z', now)).toBe('Hold ended');
    expect(holdText(null, now)).toBeNull();
  });
});

describe('the e-mail log', () => {
  const email = (extra: Partial<BookingEmail>): BookingEmail => ({
    id: 'e1',
    kind: 'request_acknowledgement',
    recipient: 'anna@example.com',
    status: 'pending',
    attempt_count: 0,
    last_error: null,
    sent_at: null,
    created_at: '2026-11-25T10:00:00Z',
    booking_id: 'b1',
    resend_of: null,
    ...extra,
  });

  it('names each kind for people', () => {
    expect(emailKindLabel('request_received_host')).toBe('New request (to the host)');
    expect(emailKindLabel('request_acknowledgement')).toBe('Request received, with the confirm link (to the guest)');
    expect(emailKindLabel('something_new')).toBe('something new');
  });

  it('tells sent, queued, retrying and failed apart, with the last error', () => {
    expect(emailState(email({ status: 'sent', attempt_count: 1, sent_at: '2026-11-25T10:00:05' }))).toEqual({
      label: 'Sent',
      variant: 'default',
      detail: 'Nov 25, 2026 10:00',
    });
    expect(emailState(email({})).label).toBe('Queued');
    expect(emailState(email({ attempt_count: 2, last_error: 'provider answered 500' }))).toMatchObject({
      label: 'Retrying',
      detail: 'Try 2 failed: provider answered 500',
    });
    expect(emailState(email({ status: 'failed', attempt_count: 6, last_error: 'provider answered 503' }))).toEqual({
      label: 'Failed',
      variant: 'destructive',
      detail: 'After 6 tries: provider answered 503',
    });
  });

  it('a guest link exists once the acknowledgement was written', () => {
    expect(hasGuestLink([email({})])).toBe(true);
    expect(hasGuestLink([email({ kind: 'booking_confirmed' })])).toBe(false);
  });
});

describe('the booking request settings form', () => {
  const parse = (values: Record<string, string>) =>
    bookingSettingsSchema.safeParse({
      unconfirmed_hold_minutes: '30',
      confirmed_hold_hours: '48',
      notification_email: '',
      host_email_language: 'en',
      ...values,
    });
  const message = (values: Record<string, string>) => {
    const result = parse(values);
    return result.success ? null : result.error.issues[0].message;
  };

  it('accepts the defaults; an empty notification address means the contact e-mail', () => {
    expect(parse({}).data).toEqual({
      unconfirmed_hold_minutes: 30,
      confirmed_hold_hours: 48,
      notification_email: null,
      host_email_language: 'en',
    });
    expect(parse({ notification_email: ' host@example.com ' }).data?.notification_email).toBe('host@example.com');
  });

  it('explains what is wrong with each value', () => {
    expect(message({ unconfirmed_hold_minutes: '' })).toBe('Enter the number of minutes.');
    expect(message({ unconfirmed_hold_minutes: '4' })).toBe('Between 5 and 1440 minutes (24 hours).');
    expect(message({ unconfirmed_hold_minutes: '1441' })).toBe('Between 5 and 1440 minutes (24 hours).');
    expect(message({ unconfirmed_hold_minutes: '7.5' })).toBe('Use a whole number of minutes.');
    expect(message({ confirmed_hold_hours: '0' })).toBe('Between 1 and 336 hours (14 days).');
    expect(message({ confirmed_hold_hours: '337' })).toBe('Between 1 and 336 hours (14 days).');
    expect(message({ notification_email: 'not-an-address' })).toBe('Enter a valid e-mail address, or leave it empty.');
    expect(parse({ host_email_language: 'it' }).data?.host_email_language).toBe('it');
    expect(parse({ host_email_language: 'fr' }).success).toBe(false);
  });
});
