// A check-in a foreign guest can fill in (issue 41 §5): countries found through the ISO codes the
// browser read out of the name typed in the guest's language, comuni by their Italian name with the
// province, and names, places and document numbers that refuse control, bidi and zero-width
// characters with the rule and message of every text, on the guest's link and at the desk, before
// anything reaches the guests' rows. Set-up and helpers: checkin-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { anonClient, sql, type Client } from '../support';
import type { Stay } from './checkin-fixtures';
import { setUpCheckin, staff, confirmedStay, save, guestRows } from './checkin-fixtures';
import { FRANCIA, head, member, single } from './checkin-guests-fixtures';

setUpCheckin();

const GERMANIA = '100000216';
const STATI_UNITI = '100000536';

const search = (stay: Stay, kind: string, query: string, isoCodes?: string[], client: Client = anonClient()) =>
  client.rpc('search_checkin_places', {
    p_kind: kind,
    p_query: query,
    p_reference: stay.reference,
    p_token: stay.token,
    p_iso_codes: isoCodes,
  });

// what no text may hold: a bidi override, zero-width characters, a control character, a line break
const ATTACKS = ['Ma\u202Erie', 'Ma\u200Brie', '\uFEFFMarie', 'Ma\u0007rie', 'Marie\nDupont', 'Ma\u2066rie'];
const MESSAGE = /contains characters that are not allowed/;

describe('countries in the guest’s language', () => {
  it('finds Germania by the ISO code of "Allemagne" or "Germany", and by its Italian name', async () => {
    const stay = await confirmedStay(1);
    const french = await search(stay, 'stato', 'Allemagne', ['DE']);
    expect(french.error).toBeNull();
    expect(french.data?.[0]).toMatchObject({ code: GERMANIA, name: 'GERMANIA', kind: 'stato', iso_code: 'DE' });
    expect((await search(stay, 'stato', 'Germany', ['DE'])).data?.[0]).toMatchObject({ code: GERMANIA });
    expect((await search(stay, 'stato', 'Germania')).data?.[0]).toMatchObject({ code: GERMANIA, iso_code: 'DE' });
    // the police names it otherwise: found by its ISO code only
    expect((await search(stay, 'stato', 'États-Unis', ['US'])).data?.map((p) => p.code)).toEqual([STATI_UNITI]);
    // the browser's order is kept, ahead of a name that merely contains the text
    const two = await search(stay, 'place', 'fr', ['FR', 'DE']);
    expect(two.data?.slice(0, 2).map((p) => p.code)).toEqual([FRANCIA, GERMANIA]);
  });

  it('takes only two-letter codes, at most 30, and only with a valid link or as staff', async () => {
    const stay = await confirmedStay(1);
    const odd = await search(stay, 'stato', 'qx', ["DE') or true --", 'de', 'DEU']);
    expect(odd.error).toBeNull();
    expect(odd.data).toEqual([]);
    const many = [...Array.from({ length: 30 }, () => 'ZZ'), 'DE'];
    expect((await search(stay, 'stato', 'qx', many)).data).toEqual([]);
    expect((await search({ ...stay, token: 'wrong' }, 'stato', 'Allemagne', ['DE'])).data).toEqual([]);
    const desk = await staff.rpc('search_checkin_places', {
      p_kind: 'stato',
      p_query: 'Deutschland',
      p_iso_codes: ['DE'],
    });
    expect(desk.data?.[0]).toMatchObject({ code: GERMANIA });
  });

  it('finds comuni by their Italian name with the province, never by a country code', async () => {
    const stay = await confirmedStay(1);
    const { data } = await search(stay, 'comune', 'Firenze', ['DE']);
    expect(data?.[0]).toMatchObject({ name: 'FIRENZE', province: 'FI', kind: 'comune', iso_code: null });
    expect(data?.some((p) => p.kind === 'stato')).toBe(false);
  });

  it('answers a saved country with its ISO code, so the form names it in the guest’s language', async () => {
    const stay = await confirmedStay(1);
    const saved = await save(stay, [{ ...single, citizenship_code: GERMANIA }]);
    expect(saved.error).toBeNull();
    const [guest] = (saved.data as { guests: Record<string, unknown>[] }).guests;
    expect(guest.citizenship).toMatchObject({ code: GERMANIA, name: 'GERMANIA', kind: 'stato', iso_code: 'DE' });
  });

  it('has an ISO code for every country of today, each code once', async () => {
    const missing = await sql<{ name: string }>(
      `select s.name from public.alloggiati_stati s
       where s.ended_on is null and s.name <> 'APOLIDE'
         and not exists (select 1 from public.alloggiati_stati_iso i where i.code = s.code)`,
    );
    expect(missing).toEqual([]);
    const twice = await sql('select iso_code from public.alloggiati_stati_iso group by iso_code having count(*) > 1');
    expect(twice).toEqual([]);
  });
});

describe('texts that must not reach the police file', () => {
  it('refuses them on the guest’s link in names and document numbers, storing nothing', async () => {
    const stay = await confirmedStay(2);
    for (const attack of ATTACKS) {
      for (const guest of [
        { ...head, surname: attack },
        { ...head, given_names: attack },
        { ...head, document_number: `CA${attack}12` },
      ]) {
        const { error } = await save(stay, [guest, member]);
        expect(error?.code, JSON.stringify(attack)).toBe('23514');
        expect(error?.hint).toBe('text_not_allowed');
        expect(error?.message).toMatch(MESSAGE);
      }
    }
    const place = await save(stay, [{ ...head, birth_state_code: '100000100\u200B' }, member]);
    expect(place.error?.hint).toBe('text_not_allowed');
    expect(await guestRows(stay.bookingId)).toEqual([]);
  });

  it('refuses them at the desk with the same message', async () => {
    const stay = await confirmedStay(1);
    for (const attack of ATTACKS) {
      const { error } = await staff.rpc('staff_save_booking_guests', {
        p_booking_id: stay.bookingId,
        p_guests: [{ ...single, surname: attack }] as never,
      });
      expect(error?.hint, JSON.stringify(attack)).toBe('text_not_allowed');
      expect(error?.message).toMatch(MESSAGE);
    }
    expect(await guestRows(stay.bookingId)).toEqual([]);
  });

  it('refuses them in a place search, and in any write to a guest’s row', async () => {
    const stay = await confirmedStay(1);
    expect((await search(stay, 'stato', 'Fra\u202Ence')).error?.hint).toBe('text_not_allowed');
    expect((await save(stay, [single])).error).toBeNull();
    const [row] = await guestRows(stay.bookingId);
    await expect(
      sql('update public.booking_guests set surname = $1 where id = $2', ['Dupont\u200F', row.id]),
    ).rejects.toThrow(MESSAGE);
    // names in any alphabet still pass
    expect((await save(stay, [{ ...single, surname: 'Müller-Łukasz', given_names: 'Ζωή' }])).error).toBeNull();
  });
});
