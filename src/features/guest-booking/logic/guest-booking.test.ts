import { activateLocale } from '@/lib/i18n';
import { cancelLabel, holdEnded, statusSummary, type GuestBooking } from './guest-booking';

const now = new Date('2026-11-25T10:00:00Z');
const raw: GuestBooking = {
  reference: 'CG-ABC234',
  status: 'pending',
  guest_name: 'Maria Rossi',
  room_name: 'Deluxe King',
  check_in: '2027-03-05',
  check_out: '2027-03-08',
  nights: 3,
  guests: 2,
  total_amount: 420.75,
  discount_amount: 74.25,
  promo_code: 'WELCOME15',
  hold_expires_at: '2026-11-25T10:23:00Z',
  guest_confirmed: false,
  can_confirm: true,
  can_cancel: true,
};

describe('statusSummary', () => {
  it('a request waiting for the guest says so, with the hold and the time left', () => {
    const summary = statusSummary(raw, now);
    expect(summary.title).toBe('Waiting for your confirmation');
    expect(summary.detail).toContain('(23 min left)');
  });

  it('a request the guest confirmed waits for the host', () => {
    const summary = statusSummary(
      { ...raw, guest_confirmed: true, can_confirm: false, hold_expires_at: '2026-11-27T10:00:00Z' },
      now,
    );
    expect(summary.title).toBe('Confirmed by you, waiting for the host');
    expect(summary.detail).toContain('(2 days left)');
  });

  it('a hold that ran out reads as expired before the server says so', () => {
    const booking = { ...raw, hold_expires_at: '2026-11-25T09:59:00Z' };
    expect(holdEnded(booking, now)).toBe(true);
    expect(statusSummary(booking, now).title).toBe('This request has expired');
  });

  it('names confirmed, cancelled and expired bookings', () => {
    const of = (status: GuestBooking['status']) => statusSummary({ ...raw, status, hold_expires_at: null }, now);
    expect(of('confirmed').title).toBe('Your stay is confirmed');
    expect(of('cancelled').title).toBe('This booking is cancelled');
    expect(of('expired').title).toBe('This request has expired');
    expect(of('expired').tone).toBe('ended');
  });
});

describe('the cancel button', () => {
  it('cancels a request while pending, a booking once confirmed', () => {
    expect(cancelLabel(raw)).toBe('Cancel request');
    expect(cancelLabel({ ...raw, status: 'confirmed' })).toBe('Cancel booking');
  });
});

describe('in French', () => {
  beforeEach(() => activateLocale('fr'));
  afterEach(() => activateLocale('en'));

  it('the status reads French, with the hold’s end and time left as the French write them', () => {
    const summary = statusSummary({ ...raw, hold_expires_at: '2026-11-27T10:00:00Z' }, now, 'fr');
    expect(summary.title).toBe('En attente de votre confirmation');
    expect(summary.detail).toMatch(
      /^Nous vous gardons la chambre jusqu'au ven\. 27 nov\. 2026, \d\d:00 \(encore 2 jours\)/,
    );
    expect(cancelLabel(raw)).toBe('Annuler la demande');
  });
});
