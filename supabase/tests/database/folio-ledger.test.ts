// The folio's arithmetic and its refund rule (issue 39 §2, quality bars): for 2,000 random stays
// (extras booked and added, the city tax, partial payments, corrections, refunds, cancellations and
// early departures) every total equals a sum written here from the generated stay, and the balance
// equals the sum of the lines; a booking's refunds never exceed what was paid, by a database rule,
// also with 20 refunds of one stay at once. Set-up: folio-fixtures.ts.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { platform, sql } from '../support';
import { setUpFolio, rooms, stay, paidOnline, folioOf, cityTaxRate, admin, EMAIL } from './folio-fixtures';

setUpFolio(20);

// a small, seeded generator: the same 2,000 stays on every run
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

interface Generated {
  room: string;
  from: number;
  nights: number; // nights stayed (the dates)
  booked: number; // nights booked
  charged: number; // nights on the folio
  guests: number;
  status: string;
  nightCents: number[];
  discount: number;
  extras: { cents: number; qty: number }[];
  lines: { kind: string; cents: number; correction: boolean }[];
}

function generate(count: number): Generated[] {
  const pick = random(39);
  const stays: Generated[] = [];
  const nextFree = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const room = rooms[i % rooms.length];
    const from = nextFree.get(room) ?? 400;
    const booked = 1 + pick(12);
    const status = ['confirmed', 'checked_in', 'checked_out', 'checked_out', 'cancelled'][pick(5)];
    const early = status === 'checked_out' && booked > 1 && pick(3) === 0;
    const nights = early ? 1 + pick(booked - 1) : booked;
    const charged = early && pick(2) === 0 ? nights : booked; // the nights stayed, or every booked night
    nextFree.set(room, from + booked + 1);
    const nightCents = Array.from({ length: charged }, () => 5000 + pick(20000));
    const nightsTotal = nightCents.reduce((a, b) => a + b, 0);
    const discount = pick(3) === 0 ? Math.round(nightsTotal * 0.1) : 0;
    const extras = Array.from({ length: pick(3) }, () => ({ cents: 500 + pick(5000), qty: 1 + pick(3) }));
    const lines: Generated['lines'] = [];
    const online = pick(4) === 0 ? 0 : Math.round((nightsTotal - discount) * 0.3);
    if (online > 0) lines.push({ kind: 'charge', cents: online, correction: false });
    for (let k = pick(3); k > 0; k--) lines.push({ kind: 'balance', cents: 100 + pick(30000), correction: false });
    if (pick(2) === 0) lines.push({ kind: 'city_tax', cents: 100 + pick(6000), correction: false });
    for (let k = pick(3); k > 0; k--) lines.push({ kind: 'extra', cents: 300 + pick(4000), correction: false });
    if (pick(4) === 0 && lines.some((l) => l.kind === 'extra')) {
      lines.push({ kind: 'extra', cents: lines.find((l) => l.kind === 'extra')!.cents, correction: true });
    }
    if (online > 0 && pick(3) === 0) lines.push({ kind: 'refund', cents: 1 + pick(online), correction: false });
    stays.push({
      room,
      from,
      nights,
      booked,
      charged,
      guests: 1 + pick(4),
      status,
      nightCents,
      discount,
      extras,
      lines,
    });
  }
  return stays;
}

const sign = (l: { kind: string; correction: boolean }) =>
  (l.kind === 'extra' || l.kind === 'refund' ? 1 : -1) * (l.correction ? -1 : 1);

describe('the folio', () => {
  it('for 2,000 random stays, the totals are the sums of the stay and the balance the sum of its lines', async () => {
    const rate = await cityTaxRate();
    const stays = generate(2000);
    const ids = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date,
         booked_check_out_date, guests, status, total_amount, total_cents, deposit_cents, balance_cents, extras_cents,
         nightly_rates)
       select s.room, 'Folio Guest', $2, current_date + s.from_day, current_date + s.from_day + s.nights,
         case when s.booked > s.nights then current_date + s.from_day + s.booked end, s.guests,
         s.status::public.booking_status, s.total / 100.0, s.total, 0, s.total, s.extras_cents,
         (select jsonb_agg(jsonb_build_object('night', current_date + s.from_day + (n::int - 1), 'price', c::int / 100.0))
          from jsonb_array_elements_text(s.night_cents) with ordinality as t(c, n))
       from jsonb_to_recordset($1::jsonb) as s(room uuid, from_day int, nights int, booked int, guests int,
         status text, total int, extras_cents int, night_cents jsonb, ord int)
       order by s.ord
       returning id::text`,
      [
        JSON.stringify(
          stays.map((s, ord) => {
            const extras = s.extras.reduce((a, e) => a + e.cents * e.qty, 0);
            return {
              room: s.room,
              from_day: s.from,
              nights: s.nights,
              booked: s.booked,
              guests: s.guests,
              status: s.status,
              total: s.nightCents.reduce((a, b) => a + b, 0) - s.discount + extras,
              extras_cents: extras,
              night_cents: s.nightCents,
              ord,
            };
          }),
        ),
        EMAIL,
      ],
    );
    expect(ids).toHaveLength(2000);
    const extraRows = stays.flatMap((s, i) => s.extras.map((e) => ({ b: ids[i].id, ...e })));
    await sql(
      `insert into public.booking_extras (booking_id, service_name, pricing_unit, quantity, unit_price_cents, line_total_cents)
       select b, 'Breakfast', 'per_stay', qty, cents, cents * qty from jsonb_to_recordset($1::jsonb) as t(b uuid, qty int, cents int)`,
      [JSON.stringify(extraRows)],
    );
    const lineRows = stays.flatMap((s, i) => s.lines.map((l, n) => ({ b: ids[i].id, n, ...l })));
    await sql(
      `insert into public.payments (booking_id, kind, amount_cents, method, actor, correction, description, created_at)
       select b, kind::public.payment_kind, cents, case when kind in ('charge', 'refund') then 'stripe'
           when kind = 'extra' then 'folio' else 'cash' end, 'staff', correction,
         case when kind = 'extra' then 'Transfer' end, now() + n * interval '1 second'
       from jsonb_to_recordset($1::jsonb) as t(b uuid, n int, kind text, cents int, correction boolean)
       order by b, n`,
      [JSON.stringify(lineRows)],
    );

    const folios = await sql<{ id: string; sum: number; lines: number; t: Record<string, number> }>(
      `select b.id::text, (select coalesce(sum(l.amount_cents), 0)::int from private.folio_lines(b) l) as sum,
         (select count(*)::int from private.folio_lines(b) l) as lines, to_jsonb(private.folio_totals_of(b)) as t
       from public.bookings b where b.id = any($1::uuid[])`,
      [ids.map((r) => r.id)],
    );
    const byId = new Map(folios.map((f) => [f.id, f]));
    let checked = 0;
    stays.forEach((s, i) => {
      const folio = byId.get(ids[i].id)!;
      const paid = s.lines.filter((l) => ['charge', 'balance', 'city_tax'].includes(l.kind));
      const paidCents = paid.reduce((a, l) => a - sign(l) * l.cents, 0);
      const refunded = s.lines.filter((l) => l.kind === 'refund').reduce((a, l) => a + l.cents, 0);
      const added = s.lines.filter((l) => l.kind === 'extra').reduce((a, l) => a + sign(l) * l.cents, 0);
      const taxCollected = s.lines.filter((l) => l.kind === 'city_tax').reduce((a, l) => a + l.cents, 0);
      const cancelled = s.status === 'cancelled';
      const contract = cancelled
        ? Math.max(paidCents - refunded, 0)
        : s.nightCents.reduce((a, b) => a + b, 0) - s.discount + s.extras.reduce((a, e) => a + e.cents * e.qty, 0);
      const taxDue = cancelled ? 0 : s.guests * Math.min(s.nights, rate.cap) * rate.cents;
      const charged = contract + taxDue + added;
      expect(folio.t, `stay ${i}`).toMatchObject({
        charged_cents: charged,
        paid_cents: paidCents,
        refunded_cents: refunded,
        balance_cents: charged - paidCents + refunded,
        city_tax_due_cents: taxDue,
        city_tax_collected_cents: taxCollected,
        city_tax_open_cents: taxDue - taxCollected,
        stay_balance_cents: charged - paidCents + refunded - (taxDue - taxCollected),
      });
      expect(folio.sum).toBe(folio.t.balance_cents);
      if (!cancelled) expect(folio.lines).toBeGreaterThanOrEqual(s.charged + s.extras.length + s.lines.length);
      checked++;
    });
    expect(checked).toBe(2000);
  }, 300_000);
});

describe('refunds never exceed what was paid', () => {
  it('a refund line above what was paid is refused by the database, with refund_exceeds_paid', async () => {
    const booking = await stay({ from: 60, nights: 2, status: 'confirmed' });
    const intent = await paidOnline(booking.id, 6000);
    const insert = (cents: number) =>
      sql(
        `insert into public.payments (booking_id, kind, amount_cents, method, provider_payment_intent_id, actor)
         values ($1, 'refund', $2, 'stripe', $3, 'stripe')`,
        [booking.id, cents, intent],
      );
    await insert(4000);
    const refused = await insert(2001).catch((error: { code: string; message: string }) => error);
    expect(refused).toMatchObject({ code: '23514', message: expect.stringMatching(/^refund_exceeds_paid/) });
    await insert(2000);
    expect((await folioOf(booking.id)).totals).toMatchObject({ paid_cents: 6000, refunded_cents: 6000 });
    // a refund asked for counts too, until it is made
    const asked = await sql(
      `insert into private.refund_requests (booking_id, payment_intent_id, amount_cents, reason, actor)
       values ($1, $2, 1, 'more', 'staff')`,
      [booking.id, intent],
    ).catch((error: { code: string }) => error);
    expect(asked).toMatchObject({ code: '23514' });
  });

  it('20 refunds of one stay at once: no more than was paid goes back', async () => {
    const booking = await stay({ from: 70, nights: 2, status: 'confirmed' });
    const intent = await paidOnline(booking.id, 10000);
    const attempts = Array.from({ length: 20 }, async () => {
      const connection = new pg.Client({ connectionString: platform().dbUrl });
      await connection.connect();
      try {
        await connection.query('begin');
        await connection.query(
          `insert into public.payments (booking_id, kind, amount_cents, method, provider_payment_intent_id, actor)
           values ($1, 'refund', 1500, 'stripe', $2, 'stripe')`,
          [booking.id, intent],
        );
        await connection.query('commit');
        return 'made';
      } catch (error) {
        await connection.query('rollback').catch(() => undefined);
        return (error as { code: string }).code;
      } finally {
        await connection.end();
      }
    });
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === 'made')).toHaveLength(6);
    expect(outcomes.filter((o) => o === '23514')).toHaveLength(14);
    const [sum] = await sql<{ refunded: number }>(
      `select coalesce(sum(amount_cents), 0)::int as refunded from public.payments where booking_id = $1 and kind = 'refund'`,
      [booking.id],
    );
    expect(sum.refunded).toBe(9000);
  });

  it('20 admin refunds of one stay at once through request_refund: at most what was paid is asked', async () => {
    const booking = await stay({ from: 80, nights: 2, status: 'confirmed' });
    await paidOnline(booking.id, 10000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.rpc('request_refund', { p_booking_id: booking.id, p_amount_cents: 1000, p_reason: 'Goodwill' }),
      ),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(10);
    for (const refused of results.filter((r) => r.error !== null)) {
      expect(['refund_out_of_range', 'refund_exceeds_paid']).toContain(refused.error!.hint);
    }
    const [asked] = await sql<{ cents: number }>(
      `select coalesce(sum(amount_cents), 0)::int as cents from private.refund_requests where booking_id = $1`,
      [booking.id],
    );
    expect(asked.cents).toBe(10000);
  });
});
