// room_calendar (issue 22): each night's price and rules, a guest's booking changes only
// `available` and leaks nothing, past nights taken, any room, at most 18 months a call.
// Set-up: room-rates-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { anonClient, dbDate, sql } from '../support';
import { setUpRoomRates, EMAIL_DOMAIN, roomId, day } from './room-rates-fixtures';

setUpRoomRates();

describe('room_calendar', () => {
  type Night = Record<string, unknown> & { night: string; available: boolean };
  const calendar = async (from: string, to: string, room: string | null = roomId) => {
    const { data, error } = await anonClient().rpc('room_calendar', {
      p_room_id: room as string,
      p_from: from,
      p_to: to,
    });
    expect(error).toBeNull();
    return data as unknown as Night[];
  };

  it("gives each night's price and rules, and a guest's booking changes only `available`", async () => {
    const before = await calendar(day(-3), day(30));
    expect(before).toHaveLength(33);
    expect(Object.keys(before[0]).sort()).toEqual(
      ['available', 'closed_to_arrival', 'closed_to_departure', 'min_nights', 'night', 'price'].sort(),
    );
    const byNight = Object.fromEntries(before.map((n) => [n.night, n]));
    expect(byNight[day(4)]).toEqual({
      night: day(4),
      available: true,
      price: 150,
      min_nights: 3,
      closed_to_arrival: false,
      closed_to_departure: false,
    });
    expect(byNight[day(6)]).toMatchObject({ price: 120, min_nights: 2, closed_to_arrival: true });
    expect(byNight[day(7)]).toMatchObject({ closed_to_departure: true });
    expect(byNight[day(-1)]).toMatchObject({ price: 100, min_nights: 1 });

    await sql(
      `insert into public.bookings (room_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date, guests, total_amount, status, special_requests)
       values ($1, 'Secret Guest', $2, '+39 06 123', $3, $4, 2, 999, 'confirmed', 'Anniversary')`,
      [roomId, `secret@${EMAIL_DOMAIN}`, day(20), day(22)],
    );
    const after = await calendar(day(-3), day(30));
    const changed = after.filter((n, i) => JSON.stringify(n) !== JSON.stringify(before[i]));
    expect(changed.map((n) => n.night)).toEqual([day(20), day(21)]);
    for (const n of changed) {
      const was = before.find((b) => b.night === n.night)!;
      expect({ ...n, available: was.available }).toEqual(was);
      expect(n.available).toBe(false);
    }
    expect(JSON.stringify(after)).not.toMatch(/Secret|secret@|Anniversary|:999[,}]|confirmed/);
    await sql('delete from public.bookings where room_id = $1', [roomId]);
  });

  it('marks past nights taken, serves any room, and at most 18 months a call', async () => {
    const past = await calendar(await dbDate(-2), await dbDate(1));
    expect(past.map((n) => n.available)).toEqual([false, false, true]);
    const any = await calendar(day(0), day(7), null);
    expect(any).toHaveLength(7);
    expect(any.every((n) => n.available)).toBe(true);
    // the lowest free price: our room's Spring €120 is not below the cheapest seeded room (€110)
    expect(Math.min(...any.map((n) => Number(n.price)))).toBeLessThanOrEqual(110);
    const tooLong = await anonClient().rpc('room_calendar', { p_room_id: roomId, p_from: day(0), p_to: day(550) });
    expect(tooLong.error?.message).toBe('The calendar serves at most 18 months at a time.');
    expect((await calendar(day(0), day(549))).length).toBe(549);
  });
});
