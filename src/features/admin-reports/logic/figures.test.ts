import { describe, expect, it } from 'vitest';
import { occupancyPoints, outcomePoints, sourcePoints, totals, type OccupancyRow } from './figures';

const row = (month: string, available: number, sold: number, channel = 0): OccupancyRow => ({
  month,
  available,
  sold,
  channel,
  closed: 0,
  revenueCents: sold * 9_999,
  receivedCents: 0,
  adrCents: null,
  revparCents: null,
  onRequest: 0,
  onRequestCents: 0,
});

describe('figures for the charts', () => {
  it('occupancy in per cent, paired with the same month a year before', () => {
    expect(occupancyPoints([row('2028-02-01', 290, 145, 29)], [row('2027-02-01', 280, 70)])).toEqual([
      { month: '2028-02-01', soldPct: 50, channelPct: 10, yearBeforePct: 25 },
    ]);
    expect(occupancyPoints([row('2026-01-01', 0, 0)], undefined)[0]).toMatchObject({
      soldPct: null,
      yearBeforePct: null,
    });
  });
  it('totals give ADR over sold nights and RevPAR over available ones, in whole cents', () => {
    expect(totals([row('2026-01-01', 10, 3), row('2026-02-01', 20, 0)])).toEqual({
      available: 30,
      sold: 3,
      channel: 0,
      revenueCents: 29_997,
      adrCents: 9_999,
      revparCents: 1_000,
    });
  });
  it('one point per month with a column per source, and one per outcome with a count per decider', () => {
    expect(
      sourcePoints([
        { month: '2026-02-01', source: 'airbnb', nights: 4 },
        { month: '2026-01-01', source: 'site', nights: 7 },
      ]),
    ).toEqual([
      { month: '2026-01-01', site: 7, staff: 0, booking: 0, expedia: 0, hotels: 0, airbnb: 0 },
      { month: '2026-02-01', site: 0, staff: 0, booking: 0, expedia: 0, hotels: 0, airbnb: 4 },
    ]);
    expect(
      outcomePoints([
        { outcome: 'cancelled', actor: 'guest', actorName: null, requests: 2 },
        { outcome: 'cancelled', actor: 'staff', actorName: 'Ann', requests: 1 },
        { outcome: 'cancelled', actor: 'staff', actorName: 'Bob', requests: 4 },
      ])[1],
    ).toEqual({ outcome: 'cancelled', staff: 5, guest: 2, system: 0, waiting: 0, unrecorded: 0 });
  });
});
