import {
  arrivalHint,
  blocksSending,
  isDayDisabled,
  lastCheckOut,
  pickDay,
  priceGroups,
  type CalendarNight,
} from './quote';

const night = (day: string, available = true, extra: Partial<CalendarNight> = {}): CalendarNight => ({
  night: day,
  available,
  price: 100,
  min_nights: 1,
  closed_to_arrival: false,
  closed_to_departure: false,
  ...extra,
});
const nights = new Map(
  [night('2027-05-01'), night('2027-05-02'), night('2027-05-03'), night('2027-05-04', false), night('2027-05-05')].map(
    (n) => [n.night, n] as const,
  ),
);
const taken = (day: string) => nights.get(day)?.available === false;

describe('the range calendar', () => {
  it('allows leaving on the morning of the first taken night, and no later', () => {
    expect(lastCheckOut('2027-05-01', nights)).toBe('2027-05-04');
    expect(lastCheckOut('2027-05-05', nights)).toBeNull(); // nothing known beyond
  });

  it('picks check-in, then a check-out after it; a taken night is never a check-in', () => {
    const empty = { checkIn: '', checkOut: '' };
    expect(pickDay(empty, '2027-05-04', taken, null)).toEqual(empty);
    const arrived = pickDay(empty, '2027-05-01', taken, null);
    expect(arrived).toEqual({ checkIn: '2027-05-01', checkOut: '' });
    expect(pickDay(arrived, '2027-05-05', taken, '2027-05-04')).toEqual(arrived); // across the taken night
    expect(pickDay(arrived, '2027-05-04', taken, '2027-05-04')).toEqual({
      checkIn: '2027-05-01',
      checkOut: '2027-05-04',
    });
    // a full stay: the next click starts again
    expect(pickDay({ checkIn: '2027-05-01', checkOut: '2027-05-03' }, '2027-05-02', taken, null)).toEqual({
      checkIn: '2027-05-02',
      checkOut: '',
    });
  });

  it('disables past days, taken arrivals, and check-outs on or before check-in or past the first taken night', () => {
    const today = '2027-05-01';
    const none = { checkIn: '', checkOut: '' };
    expect(isDayDisabled('2027-04-30', today, none, taken, null)).toBe(true);
    expect(isDayDisabled('2027-05-04', today, none, taken, null)).toBe(true);
    expect(isDayDisabled('2027-05-02', today, none, taken, null)).toBe(false);
    const arrived = { checkIn: '2027-05-02', checkOut: '' };
    expect(isDayDisabled('2027-05-02', today, arrived, taken, '2027-05-04')).toBe(true);
    expect(isDayDisabled('2027-05-01', today, arrived, taken, '2027-05-04')).toBe(true);
    expect(isDayDisabled('2027-05-04', today, arrived, taken, '2027-05-04')).toBe(false);
    expect(isDayDisabled('2027-05-05', today, arrived, taken, '2027-05-04')).toBe(true);
  });

  it('hints at a minimum stay and a closed arrival', () => {
    expect(arrivalHint(night('2027-05-01', true, { min_nights: 3, closed_to_arrival: true }))).toBe(
      'Minimum stay 3 nights for this arrival. No arrivals on this day.',
    );
    expect(arrivalHint(night('2027-05-01'))).toBeNull();
  });
});

describe('the quote', () => {
  it('groups nights of equal price and season', () => {
    const nightly = [
      { night: '2027-05-01', price: 150, season: 'Spring' },
      { night: '2027-05-02', price: 120, season: 'Spring' },
      { night: '2027-05-03', price: 90.33, season: 'Summer' },
      { night: '2027-05-04', price: 90.33, season: 'Summer' },
    ];
    expect(priceGroups(nightly)).toEqual([
      { price: 150, nights: 1, season: 'Spring' },
      { price: 120, nights: 1, season: 'Spring' },
      { price: 90.33, nights: 2, season: 'Summer' },
    ]);
  });

  it('lets the guest count through to the server; every other problem stops the request', () => {
    const problem = (code: string) => ({ code, message: '…', details: null });
    expect(blocksSending({ problems: [problem('guests')] })).toBe(false);
    expect(blocksSending({ problems: [problem('guests'), problem('min_stay')] })).toBe(true);
    expect(blocksSending(undefined)).toBe(false);
  });
});
