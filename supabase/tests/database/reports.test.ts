// The Reports screen's functions against a brute-force count in TypeScript: 1,000 random stays
// (holds, cancellations, expiries, staff entries), channel blocks, manual closures and rooms out
// of service in 2103-2105 (2104 has a leap day), the movable clock set to mid-June 2104. The
// count (reports-brute-force.ts) walks every room-night, so it shares nothing with the SQL but the
// definitions. The data: reports-fixtures.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, DEMO, deleteUsers, newUserClient, signedInClient, type Client } from '../support';
import {
  bruteGuestCountries,
  bruteOccupancy,
  bruteOutcomes,
  brutePace,
  bruteSources,
  bruteStays,
  loadFacts,
  sortByCode,
  sortOutcomes,
  type Facts,
} from './reports-brute-force';
import { STAYS, romeDate, seedReportData } from './reports-fixtures';

seedReportData();

// ---------------------------------------------------------------- the comparisons
const PERIODS: [string, string][] = [
  ['2104-01-01', '2105-01-01'], // a leap year, today in the middle
  ['2103-07-01', '2104-07-01'], // last twelve months
  ['2104-02-15', '2104-03-10'], // a part of two months, across the leap day
  ['2104-06-15', '2105-06-01'], // from today
];

describe('reports against a brute-force count', () => {
  let staff: Client;
  let facts: Facts;
  beforeAll(async () => {
    staff = await signedInClient(DEMO.staff.email, DEMO.staff.password);
    facts = await loadFacts();
  });
  const call = async (fn: string, from: string, to: string) => {
    const { data, error } = await staff.rpc(fn as 'report_occupancy', { p_from: from, p_to: to });
    if (error) throw error;
    return data as unknown as Record<string, unknown>[];
  };

  it('has the data it claims: stays of every kind, blocks, closures and a leap day', () => {
    const statuses = new Set(facts.bookings.map((b) => b.status));
    expect([...statuses].sort()).toEqual(['cancelled', 'checked_out', 'confirmed', 'expired', 'pending']);
    expect(facts.bookings.length).toBeGreaterThanOrEqual(STAYS);
    expect(facts.externals.length).toBeGreaterThan(20);
    expect(facts.manuals.length).toBeGreaterThan(5);
    expect(facts.bookings.some((b) => b.check_in <= '2104-02-29' && b.check_out > '2104-02-29')).toBe(true);
  });

  it.each(PERIODS)('occupancy and revenue %s to %s', async (from, to) => {
    const rows = (await call('report_occupancy', from, to)).map((r) => ({
      ...r,
      revenue_cents: Number(r.revenue_cents),
      received_cents: Number(r.received_cents),
    }));
    expect(rows).toEqual(bruteOccupancy(facts, from, to));
  });

  it('a year has months with sold, channel and closed nights, and revenue', async () => {
    const rows = await call('report_occupancy', '2104-01-01', '2105-01-01');
    const full = rows.filter((r) => Number(r.sold_nights) * Number(r.channel_nights) * Number(r.closed_nights) > 0);
    expect(full.length).toBeGreaterThan(3);
    expect(full.every((r) => Number(r.revenue_cents) > 0 && Number(r.adr_cents) > 0)).toBe(true);
  });

  it.each(PERIODS)('pace %s to %s', async (from, to) => {
    const rows = await call('report_pace', from, to);
    expect(rows).toEqual(brutePace(facts, from, to));
    expect(rows.some((r) => r.nights !== r.nights_year_before)).toBe(true);
  });

  it.each(PERIODS)('sources of nights %s to %s', async (from, to) => {
    expect(await call('report_sources', from, to)).toEqual(bruteSources(facts, from, to));
  });

  it.each(PERIODS)('lead time and length of stay %s to %s', async (from, to) => {
    const rows = await call('report_stay_patterns', from, to);
    expect(rows.map(({ bucket: _bucket, ...r }) => r)).toEqual(bruteStays(facts, from, to));
  });

  it.each(PERIODS)('outcomes %s to %s', async (from, to) => {
    const rows = sortOutcomes(await call('report_outcomes', from, to));
    expect(rows).toEqual(bruteOutcomes(facts, from, to));
  });

  it('outcomes name every kind of decider in a year with open requests', async () => {
    const rows = await call('report_outcomes', '2104-01-01', '2105-01-01');
    expect(new Set(rows.map((r) => r.actor))).toEqual(new Set(['staff', 'guest', 'system', 'waiting', 'unrecorded']));
    expect(new Set(rows.map((r) => r.outcome))).toEqual(new Set(['confirmed', 'cancelled', 'expired', 'open']));
  });

  it('a year has money received, refunds taken off, and no city tax', async () => {
    const rows = await call('report_occupancy', '2104-01-01', '2105-01-01');
    const received = rows.reduce((sum, r) => sum + Number(r.received_cents), 0);
    const ok = facts.payments.filter((p) => p.status === 'succeeded' && romeDate(p.at).startsWith('2104'));
    const all = ok.reduce((sum, p) => sum + p.cents, 0);
    const refunds = ok.filter((p) => p.kind === 'refund').reduce((sum, p) => sum + p.cents, 0);
    expect(refunds).toBeGreaterThan(0);
    expect(ok.some((p) => p.kind === 'city_tax')).toBe(true);
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(all - 2 * refunds);
  });

  it.each(PERIODS)('guests by country of residence %s to %s', async (from, to) => {
    const rows = sortByCode(await call('report_guest_countries', from, to));
    expect(rows).toEqual(bruteGuestCountries(facts, from, to));
  });

  it('guests by country: named countries, a guest not filled in yet, and no identity data', async () => {
    const rows = await call('report_guest_countries', '2104-01-01', '2105-01-01');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.some((r) => r.country_code === null && r.country === null)).toBe(true);
    const named = rows.filter((r) => r.country_code !== null);
    expect(named.every((r) => typeof r.country === 'string' && r.country !== r.country_code)).toBe(true);
    expect(Object.keys(rows[0]).sort()).toEqual(['country', 'country_code', 'guests', 'nights']);
    // a guest of a cancelled stay is not counted
    const cancelled = new Set(facts.bookings.filter((b) => b.status === 'cancelled').map((b) => b.id));
    expect(facts.guests.some((g) => cancelled.has(g.booking_id))).toBe(true);
  });

  it('refuses a period that is empty, reversed or longer than three years', async () => {
    const { error } = await staff.rpc('report_occupancy', { p_from: '2104-01-01', p_to: '2104-01-01' });
    expect(error?.message).toBe('Choose a period of at most three years.');
    const { error: long } = await staff.rpc('report_pace', { p_from: '2100-01-01', p_to: '2104-01-02' });
    expect(long?.code).toBe('P0001');
  });
});

describe('reports are for staff only', () => {
  const FUNCTIONS = [
    'report_occupancy',
    'report_pace',
    'report_stay_patterns',
    'report_outcomes',
    'report_sources',
    'report_guest_countries',
  ] as const;
  it.each(FUNCTIONS)('%s: anon and a signed-in user without a role get nothing', async (fn) => {
    const args = { p_from: '2104-01-01', p_to: '2105-01-01' };
    const anon = await anonClient().rpc(fn, args);
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
    const { client, userId } = await newUserClient('reports');
    try {
      const user = await client.rpc(fn, args);
      expect(user.data).toBeNull();
      expect(user.error?.message).toBe('Only staff can see reports.');
    } finally {
      await deleteUsers(userId);
    }
    const admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    expect((await admin.rpc(fn, args)).error).toBeNull();
  });
});
