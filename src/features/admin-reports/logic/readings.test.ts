import { describe, expect, it } from 'vitest';
import type { OccupancyRow, OutcomeRow, PatternRow } from './figures';
import {
  countriesReading,
  leadTimeReading,
  lengthOfStayReading,
  occupancyReading,
  outcomesReading,
  paceReading,
  revenueReading,
  sourcesReading,
} from './readings';

const month = (m: string, available: number, sold: number, revenueCents = sold * 10_000): OccupancyRow => ({
  month: m,
  available,
  sold,
  channel: 0,
  closed: 0,
  revenueCents,
  receivedCents: 0,
  adrCents: sold ? Math.round(revenueCents / sold) : null,
  revparCents: available ? Math.round(revenueCents / available) : null,
  onRequest: 0,
  onRequestCents: 0,
});

describe('occupancy reading', () => {
  it('names the fullest month and its change in points against the same month a year before', () => {
    const rows = [month('2026-09-01', 100, 70), month('2026-10-01', 100, 82), month('2026-11-01', 100, 40)];
    const before = [month('2025-10-01', 200, 146), month('2025-09-01', 100, 90)];
    expect(occupancyReading(rows, before)).toBe(
      'October 2026: 82 % full, 9 points more than a year before (the fullest month).',
    );
  });
  it('says less, one point, or the same', () => {
    const rows = [month('2026-10-01', 100, 50)];
    expect(occupancyReading(rows, [month('2025-10-01', 100, 51)])).toBe(
      'October 2026: 50 % full, 1 point less than a year before (the fullest month).',
    );
    expect(occupancyReading(rows, [month('2025-10-01', 100, 50)])).toContain('the same as a year before');
  });
  it('leaves the comparison out when it is off or the year before had no rooms', () => {
    const rows = [month('2028-02-01', 290, 145)];
    expect(occupancyReading(rows)).toBe('February 2028: 50 % full (the fullest month).');
    expect(occupancyReading(rows, [month('2027-02-01', 0, 0)])).toBe('February 2028: 50 % full (the fullest month).');
  });
  it('adds the nights on request, not confirmed, apart from the sold ones', () => {
    const rows = [
      { ...month('2026-12-01', 100, 40), onRequest: 5 },
      { ...month('2027-01-01', 100, 20), onRequest: 2 },
    ];
    expect(occupancyReading(rows)).toBe(
      'December 2026: 40 % full (the fullest month); 7 nights more on request, not confirmed.',
    );
  });
  it('says when nothing was sold or nothing was available', () => {
    expect(occupancyReading([month('2026-01-01', 100, 0)])).toBe('No nights sold in this period.');
    expect(occupancyReading([month('2026-01-01', 0, 0)])).toBe('No room was available in this period.');
  });
});

describe('revenue reading', () => {
  it('gives revenue, ADR and RevPAR over the period and the change against the year before', () => {
    const rows = [month('2026-01-01', 100, 50, 500_000), month('2026-02-01', 100, 30, 300_000)];
    expect(revenueReading(rows, [month('2025-01-01', 100, 40, 400_000)])).toBe(
      'Revenue €8,000: ADR €100, RevPAR €40; 100 % more than a year before.',
    );
    expect(revenueReading(rows)).toBe('Revenue €8,000: ADR €100, RevPAR €40.');
    expect(revenueReading([month('2026-01-01', 100, 0)])).toBe('No direct booking earned anything in this period.');
  });
});

describe('pace reading', () => {
  it('compares the nights on the books with a year ago at this date', () => {
    const rows = [
      { month: '2026-12-01', nights: 1000, nightsYearBefore: 900 },
      { month: '2027-01-01', nights: 234, nightsYearBefore: 124 },
    ];
    expect(paceReading(rows)).toBe(
      '1,234 nights on the books for these months, 210 more than at this date a year ago.',
    );
    expect(paceReading([{ month: '2026-12-01', nights: 1, nightsYearBefore: 3 }])).toBe(
      '1 night on the books for these months, 2 fewer than at this date a year ago.',
    );
    expect(paceReading([{ month: '2026-12-01', nights: 0, nightsYearBefore: 0 }])).toBe(
      'Nothing on the books for these months, nor a year ago.',
    );
  });
});

const pattern = (measure: PatternRow['measure'], bucket: string, bookings: number, nights: number): PatternRow => ({
  measure,
  bucket,
  bookings,
  nights,
});

describe('lead time and length of stay readings', () => {
  const rows = [
    pattern('lead_time', 'Same day', 10, 20),
    pattern('lead_time', '31–90 days', 42, 100),
    pattern('lead_time', '91–180 days', 48, 130),
    pattern('length_of_stay', '2 nights', 60, 120),
    pattern('length_of_stay', '3 nights', 40, 130),
  ];
  it('names the most common bucket and its share', () => {
    expect(leadTimeReading(rows)).toBe('Most bookings are made 91–180 days ahead (48 % of 100 bookings).');
    expect(lengthOfStayReading(rows)).toBe('Most stays last 2 nights (60 %); 2.5 nights on average.');
  });
  it('says "on the day of arrival" for same-day bookings, and when there are none', () => {
    expect(leadTimeReading([pattern('lead_time', 'Same day', 3, 3)])).toBe(
      'Most bookings are made on the day of arrival (100 % of 3 bookings).',
    );
    expect(leadTimeReading([pattern('lead_time', 'Same day', 0, 0)])).toBe('No sold stays begin in this period.');
  });
});

describe('outcomes reading', () => {
  const row = (outcome: string, actor: string, requests: number): OutcomeRow => ({
    outcome,
    actor,
    actorName: actor === 'staff' ? 'Maria' : null,
    requests,
  });
  it('counts confirmed, cancelled (and by guests), expired and open requests', () => {
    const rows = [
      row('confirmed', 'staff', 80),
      row('cancelled', 'guest', 9),
      row('cancelled', 'staff', 16),
      row('expired', 'system', 15),
      row('open', 'waiting', 2),
    ];
    expect(outcomesReading(rows)).toBe(
      'Of 122 requests, 80 were confirmed (66 %), 25 cancelled (9 by the guest) and 15 expired; 2 still open.',
    );
    expect(outcomesReading([row('confirmed', 'staff', 1)])).toBe(
      'Of 1 request, 1 was confirmed (100 %), 0 cancelled (0 by the guest) and 0 expired.',
    );
    expect(outcomesReading([])).toBe('No requests were made in this period.');
  });
});

describe('sources reading', () => {
  it('names the source with the most nights and the channels’ share', () => {
    const rows = [
      { month: '2026-01-01', source: 'site', nights: 700 },
      { month: '2026-02-01', source: 'site', nights: 500 },
      { month: '2026-01-01', source: 'staff', nights: 300 },
      { month: '2026-01-01', source: 'booking', nights: 400 },
      { month: '2026-01-01', source: 'airbnb', nights: 100 },
    ];
    expect(sourcesReading(rows)).toBe(
      'Website brought the most nights: 1,200 of 2,000 (60 %); all channels together 500 (25 %).',
    );
    expect(sourcesReading([])).toBe('No nights were sold or blocked by a channel in this period.');
  });
});

describe('revenue reading with money received', () => {
  it('adds the money received in the period to the booked value', () => {
    const rows = [
      { ...month('2026-09-01', 100, 10), receivedCents: 45_000 },
      { ...month('2026-10-01', 100, 10), receivedCents: -5_000 },
    ];
    expect(revenueReading(rows)).toMatch(/; €400(\.00)? received in these months\.$/);
  });
});

describe('countries reading', () => {
  const row = (countryCode: string | null, country: string, guests: number) => ({
    countryCode,
    country,
    guests,
    nights: guests * 3,
  });
  it('says no guest of the period has checked in yet while there are none', () => {
    expect(countriesReading([])).toMatch(/^No check-in records yet for stays in this period/);
  });
  it('names the country most guests live in, out of all guests counted', () => {
    const rows = [row('100000206', 'Francia', 10), row('100000100', 'Italia', 30)];
    expect(countriesReading(rows)).toBe('Most guests live in Italia: 30 of 40 (75 %).');
  });
  it('does not name "not given" as a country, and says how many have not given one', () => {
    const rows = [row(null, 'Not given yet', 50), row('100000100', 'Italia', 30), row('100000206', 'Francia', 20)];
    expect(countriesReading(rows)).toBe(
      'Most guests live in Italia: 30 of 100 (30 %); 50 have not given their country yet.',
    );
    expect(countriesReading([row(null, 'Not given yet', 4)])).toBe(
      '4 guests checked in; none has given a country of residence yet.',
    );
  });
});
