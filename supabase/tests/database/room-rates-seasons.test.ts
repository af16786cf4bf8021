// The seasons of a room (issue 22): overlapping seasons and bad values refused, who may read and
// write them (audited), the city tax quoted from the dated rates, and the demo seasons of the
// seed. Set-up: room-rates-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { DEMO, anonClient, deleteUsers, newUserClient, signedInClient, sql } from '../support';
import { setUpRoomRates, roomId, staff, day, quote } from './room-rates-fixtures';

setUpRoomRates();

describe('room_rate_seasons', () => {
  it('refuses overlapping seasons of one room, and bad values, with the constraint', async () => {
    const overlap = await staff
      .from('room_rate_seasons')
      .insert({ room_id: roomId, name: 'Clash', starts_on: day(10), ends_on: day(20), price_per_night: 99 });
    expect(overlap.error?.code).toBe('23P01');
    const backwards = await staff
      .from('room_rate_seasons')
      .insert({ room_id: roomId, name: 'Backwards', starts_on: day(40), ends_on: day(39), price_per_night: 99 });
    expect(backwards.error?.code).toBe('23514');
    const weekday = await staff.from('room_rate_seasons').insert({
      room_id: roomId,
      name: 'Day eight',
      starts_on: day(40),
      ends_on: day(45),
      price_per_night: 99,
      closed_arrival_days: [8],
    });
    expect(weekday.error?.code).toBe('23514');
  });

  it('lets staff add, edit and delete seasons (audited); visitors and users without a role only read', async () => {
    const season = { room_id: roomId, name: 'Autumn', starts_on: day(60), ends_on: day(70), price_per_night: 80 };
    const anon = anonClient();
    expect((await anon.from('room_rate_seasons').insert(season)).error?.code).toBe('42501');
    const { client: user, userId } = await newUserClient('rates');
    try {
      expect((await user.from('room_rate_seasons').insert(season)).error?.code).toBe('42501');
      const read = await user.from('room_rate_seasons').select('name').eq('room_id', roomId).order('starts_on');
      expect(read.data?.map((r) => r.name)).toEqual(['Spring', 'Summer']);
      const noUpdate = await user
        .from('room_rate_seasons')
        .update({ price_per_night: 1 })
        .eq('room_id', roomId)
        .select();
      expect(noUpdate.data ?? []).toEqual([]);
      const noDelete = await user.from('room_rate_seasons').delete().eq('room_id', roomId).select();
      expect(noDelete.data ?? []).toEqual([]);
    } finally {
      await deleteUsers(userId);
    }

    const created = await staff.from('room_rate_seasons').insert(season).select('id').single();
    expect(created.error).toBeNull();
    const id = created.data!.id;
    expect((await staff.from('room_rate_seasons').update({ price_per_night: 85 }).eq('id', id)).error).toBeNull();
    expect((await quote(day(60), day(61))).total).toBe(85);
    expect((await staff.from('room_rate_seasons').delete().eq('id', id)).error).toBeNull();
    const audit = await sql<{ action: string }>(
      `select action from public.audit_logs where table_name = 'room_rate_seasons' and record_id = $1 order by created_at`,
      [id],
    );
    expect(audit.map((a) => a.action)).toEqual(['INSERT', 'UPDATE', 'DELETE']);

    expect((await anon.rpc('room_calendar', { p_room_id: roomId, p_from: day(0), p_to: day(2) })).error).toBeNull();
  });

  it("quotes the city tax from the dated rates: an admin's new rate applies from its first night", async () => {
    const admin = await signedInClient(DEMO.admin.email, DEMO.admin.password);
    const rate = { p_valid_from: day(14), p_amount_cents: 750 };
    expect((await staff.rpc('add_city_tax_rate', rate)).error?.code).toBe('42501');
    expect((await anonClient().rpc('add_city_tax_rate', rate)).error?.code).toBe('42501');
    const before = (await quote(day(13), day(15), 2)).city_tax;
    expect(before).toMatchObject({ amount_cents: 2400, per_person_per_night_cents: 600, nights_charged: 2 });
    expect((await admin.rpc('add_city_tax_rate', rate)).error).toBeNull();
    try {
      expect((await quote(day(14), day(15), 2)).city_tax).toMatchObject({ amount: 15, amount_cents: 1500 });
      // across the change, night by night; every guest counts (no ages before check-in)
      expect((await quote(day(13), day(15), 3)).city_tax).toMatchObject({
        amount_cents: 3 * 600 + 3 * 750,
        per_person_per_night: null,
        guests: 3,
        counted_for: 'every guest',
      });
    } finally {
      await sql('delete from public.city_tax_rates where valid_from = $1', [day(14)]);
      await sql('update public.city_tax_rates set valid_to = null where valid_to = $1', [day(13)]);
    }
  });
});

describe('the demo seasons', () => {
  it('seed Christmas, winter low season and Easter for the bookable rooms, Sunday closed to arrival in 301', async () => {
    const rows = await sql<{ room_number: string; name: string; closed: number[] }>(
      `select r.room_number, s.name, s.closed_arrival_days::int[] as closed from public.room_rate_seasons s
       join public.rooms r on r.id = s.room_id where r.room_number in ('101', '301') order by r.room_number, s.starts_on`,
    );
    expect(rows.map((r) => `${r.room_number} ${r.name} ${r.closed.join(',')}`)).toEqual([
      '101 Christmas & New Year ',
      '101 Winter low season ',
      '101 Easter ',
      '301 Christmas & New Year 7',
      '301 Winter low season 7',
      '301 Easter 7',
    ]);
  });
});
