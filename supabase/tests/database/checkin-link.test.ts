// Online check-in through the guest's link (issue 34 §1): it saves and reads back its own stay's
// guests with what is missing, reads and writes nothing of another stay, refuses bad input field by
// field changing nothing, closes after the day of arrival, and finds places for the pickers.
// Set-up and helpers: checkin-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { anonClient, dbDate, sql, type Client } from '../support';
import type { Stay } from './checkin-fixtures';
import { setUpCheckin, staff, nextDay, confirmedStay, save, setToday, resetClock, guestRows } from './checkin-fixtures';
import { ROMA, ITALIA, FRANCIA, head, member, single } from './checkin-guests-fixtures';

setUpCheckin();

const view = (stay: Stay, client: Client = anonClient()) =>
  client.rpc('checkin_by_link', { p_reference: stay.reference, p_token: stay.token });

describe('the guest link', () => {
  it('saves and reads back its own stay’s guests, with what is missing', async () => {
    const stay = await confirmedStay(3);
    const before = await view(stay);
    expect(before.error).toBeNull();
    expect(before.data).toMatchObject({ editable: true, guests_expected: 3, guests: [], retention_days: 30 });

    const saved = await save(stay, [head, { ...member, birth_comune_code: null }]);
    expect(saved.error).toBeNull();
    const data = saved.data as { guests: Record<string, unknown>[]; complete: boolean; missing_count: number };
    expect(data.complete).toBe(false);
    // one comune missing, one guest not entered
    expect(data.missing_count).toBe(2);
    expect(data.guests[0]).toMatchObject({
      surname: "D'Angelo",
      birth_comune: { code: ROMA, name: 'ROMA', province: 'RM' },
      birth_province: 'RM',
      document_number: 'CA12345AB',
      missing: [],
    });
    expect(data.guests[1]).toMatchObject({ given_names: 'Luca', missing: ['birth_comune'] });

    // corrections keep the rows (same ids)
    const ids = data.guests.map((g) => g.id);
    const again = await save(stay, [
      { ...head, id: ids[0], document_number: 'ca 99999 zz' },
      { ...member, id: ids[1] },
      { ...member, given_names: 'Giulia', sex: 'F' },
    ]);
    expect(again.error).toBeNull();
    const rows = await guestRows(stay.bookingId);
    expect(rows.map((r) => r.id).slice(0, 2)).toEqual(ids);
    expect(rows[0].document_number).toBe('CA99999ZZ');
    expect((again.data as { complete: boolean }).complete).toBe(true);
  });

  it('reads and writes nothing of another stay, and a wrong link gets nothing', async () => {
    const mine = await confirmedStay(1);
    const theirs = await confirmedStay(1);
    expect((await save(theirs, [single])).error).toBeNull();

    const crossed = { ...mine, token: theirs.token };
    expect((await view(crossed)).data).toBeNull();
    expect((await save(crossed, [single])).error?.hint).toBe('link_not_valid');
    expect((await view({ ...mine, token: 'not-a-token' })).data).toBeNull();

    // another stay's guest id cannot be taken over
    const [theirGuest] = await guestRows(theirs.bookingId);
    const hijack = await save(mine, [{ ...single, id: theirGuest.id, surname: 'Hacker' }]);
    expect(hijack.error?.code).toBe('22023');
    expect((await guestRows(theirs.bookingId))[0].surname).toBe('Lefèvre');
    expect(await guestRows(mine.bookingId)).toEqual([]);
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const stay = await confirmedStay(2);
    expect((await save(stay, [head, member])).error).toBeNull();
    const before = await guestRows(stay.bookingId);

    const bad = await save(stay, [
      { ...head, surname: 'R0ssi', birth_date: '2999-01-01', birth_comune_code: '999999999' },
      { ...member, document_number: 'X123', sex: 'X' },
    ]);
    expect(bad.error?.code).toBe('22023');
    expect(bad.error?.hint).toBe('checkin_invalid');
    expect(JSON.parse(bad.error?.details ?? '{}')).toEqual({
      '0.surname': 'invalid',
      '0.birth_date': 'future',
      '0.birth_comune': 'unknown_code',
      '1.sex': 'invalid',
      '1.document_number': 'not_for_members',
    });
    expect(await guestRows(stay.bookingId)).toEqual(before);

    // members follow a head of their kind; one head per kind; no more guests than the stay's
    const orphan = await save(stay, [{ ...member, guest_type: 20 }]);
    expect(JSON.parse(orphan.error?.details ?? '{}')).toEqual({ '0.guest_type': 'head_missing' });
    const twoHeads = await save(stay, [head, head]);
    expect(JSON.parse(twoHeads.error?.details ?? '{}')).toEqual({ '1.guest_type': 'one_head' });
    const tooMany = await save(stay, [head, member, member]);
    expect(JSON.parse(tooMany.error?.details ?? '{}')).toEqual({ guests: 'too_many' });
    expect(await guestRows(stay.bookingId)).toEqual(before);
  });

  it('closes after the day of arrival and for stays not confirmed', async () => {
    const stay = await confirmedStay(1);
    await setToday(await dbDate(nextDay + 5));
    expect((await view(stay)).data).toBeNull();
    expect((await save(stay, [single])).error?.hint).toBe('checkin_closed');
    await resetClock();
    await sql("update public.bookings set status = 'cancelled' where id = $1", [stay.bookingId]);
    expect((await view(stay)).data).toBeNull();
  });

  it('finds comuni and states for the pickers, only with a valid link or as staff', async () => {
    const stay = await confirmedStay(1);
    const search = (client: Client, kind: string, query: string, token = stay.token) =>
      client.rpc('search_checkin_places', {
        p_kind: kind,
        p_query: query,
        p_reference: stay.reference,
        p_token: token,
      });
    const { data } = await search(anonClient(), 'comune', 'roma');
    expect(data?.[0]).toMatchObject({ code: ROMA, name: 'ROMA', province: 'RM', kind: 'comune' });
    expect((await search(anonClient(), 'stato', 'franc')).data?.[0]).toMatchObject({ code: FRANCIA });
    expect((await search(anonClient(), 'comune', 'roma', 'wrong')).data).toEqual([]);
    expect((await search(staff, 'place', 'italia', '')).data?.[0]).toMatchObject({ code: ITALIA, kind: 'stato' });
  });
});
