import { describe, expect, it } from 'vitest';
import { centsFromEuros, newBookingHref, readNewBookingRequest, withoutNewBooking } from './new-booking-link';

const ROOM = '10000000-0000-4000-8000-000000000003';

describe('the New booking URL contract', () => {
  it('reads room, from and to, each optional', () => {
    expect(readNewBookingRequest(new URLSearchParams(`new=1&room=${ROOM}&from=2027-03-05&to=2027-03-08`))).toEqual({
      room: ROOM,
      from: '2027-03-05',
      to: '2027-03-08',
    });
    expect(readNewBookingRequest(new URLSearchParams('new=1'))).toEqual({ room: '', from: '', to: '' });
    expect(readNewBookingRequest(new URLSearchParams('new=1&from=2027-03-05'))).toEqual({
      room: '',
      from: '2027-03-05',
      to: '2027-03-06',
    });
    expect(readNewBookingRequest(new URLSearchParams('q=Yuki'))).toBeNull();
  });

  it('drops what is not well formed, and a departure before the arrival', () => {
    expect(readNewBookingRequest(new URLSearchParams('new=1&room=x&from=soon&to=2027-03-01'))).toEqual({
      room: '',
      from: '',
      to: '',
    });
    expect(readNewBookingRequest(new URLSearchParams('new=1&from=2027-03-05&to=2027-03-05'))?.to).toBe('2027-03-06');
  });

  it('writes the same link and removes only its own keys on close', () => {
    const href = newBookingHref({ room: ROOM, from: '2027-03-05', to: '2027-03-06' });
    expect(href).toBe(`/admin/bookings?new=1&room=${ROOM}&from=2027-03-05&to=2027-03-06`);
    expect(withoutNewBooking(new URLSearchParams(`q=Yuki&new=1&room=${ROOM}`)).toString()).toBe('q=Yuki');
  });
});

describe('centsFromEuros', () => {
  it('reads euros as typed at the desk', () => {
    expect(centsFromEuros('120')).toBe(12000);
    expect(centsFromEuros('120,5')).toBe(12050);
    expect(centsFromEuros(' 99.99 ')).toBe(9999);
    expect(centsFromEuros('-3')).toBeNull();
    expect(centsFromEuros('abc')).toBeNull();
  });
});
