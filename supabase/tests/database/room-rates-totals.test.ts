// The quoted total is the stored total (issue 22): thousands of random stays across season
// boundaries, weekend nights and promo codes, each quoted then requested in one transaction that is
// rolled back. Set-up: room-rates-fixtures.ts.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { platform } from '../support';
import { setUpRoomRates, EMAIL_DOMAIN, roomId, day } from './room-rates-fixtures';

setUpRoomRates();

describe('the quoted total is the stored total', () => {
  it('for thousands of random stays across season boundaries, weekend nights and promo codes', async () => {
    const db = new pg.Client({ connectionString: platform().dbUrl });
    await db.connect();
    try {
      await db.query('begin');
      await db.query('create temp table stay_checks (kind text, detail text) on commit drop');
      // Everything runs as the database owner in one transaction that is rolled back: each stay is
      // quoted, then requested; a bookable stay's stored total and nights must equal the quote's, an
      // unbookable one must be refused with one of the quote's sentences.
      await db.query(
        `do $$
         declare
           v_codes text[] := array[null, 'SAVE15', 'WINTER20', 'WELCOME10', 'ODD33', 'SEVEN7'];
           v_in date; v_out date; v_code text; v_quote jsonb; v_result jsonb; v_row public.bookings;
         begin
           -- request_booking asks who is asking (the proxy's header); each stored stay is removed again,
           -- so the open-request and rate limits never apply
           perform set_config('request.headers', '{"x-forwarded-for": "198.51.100.22"}', true);
           perform setseed(0.22);
           for i in 1..3000 loop
             v_in := '${day(-12)}'::date + floor(random() * 50)::int;
             v_out := v_in + 1 + floor(random() * 9)::int;
             v_code := v_codes[1 + floor(random() * 6)::int];
             v_quote := to_jsonb(public.quote_stay('${roomId}', v_in, v_out, 2, v_code));
             begin
               v_result := to_jsonb(public.request_booking('${roomId}', v_in, v_out, 2, 'Random Stay', 'random@${EMAIL_DOMAIN}',
                 null, null, v_code));
               select * into v_row from public.bookings where id = (v_result ->> 'booking_id')::uuid;
               if not (v_quote ->> 'bookable')::boolean then
                 insert into stay_checks values ('booked although not bookable', v_quote::text);
               elsif v_row.total_amount <> (v_quote ->> 'total')::numeric
                  or v_row.nightly_rates <> v_quote -> 'nightly'
                  or v_row.discount_amount <> (v_quote ->> 'discount_amount')::numeric then
                 insert into stay_checks values ('total differs', v_quote::text || ' stored ' || to_jsonb(v_row)::text);
               else
                 insert into stay_checks values ('equal', null);
               end if;
               delete from public.bookings where id = v_row.id;
             exception when raise_exception then
               if (v_quote ->> 'bookable')::boolean
                  or not exists (select 1 from jsonb_array_elements(v_quote -> 'problems') p where p ->> 'message' = sqlerrm) then
                 insert into stay_checks values ('refused unlike the quote', sqlerrm || ' ' || v_quote::text);
               else
                 insert into stay_checks values ('refused as quoted', null);
               end if;
             end;
             delete from private.rate_limit_hits;
           end loop;
         end
         $$`,
      );
      const { rows } = await db.query<{ kind: string; n: number; example: string | null }>(
        'select kind, count(*)::int as n, min(detail) as example from stay_checks group by kind order by kind',
      );
      const counts = Object.fromEntries(rows.map((r) => [r.kind, r.n]));
      expect(rows.filter((r) => !['equal', 'refused as quoted'].includes(r.kind))).toEqual([]);
      expect(counts.equal).toBeGreaterThan(1500);
      expect(counts['refused as quoted']).toBeGreaterThan(100);
    } finally {
      await db.query('rollback').catch(() => undefined);
      await db.end();
    }
    // 3,000 quotes and requests (each request also issues a link and writes two e-mails)
  }, 300_000);
});
