// The audit trail: staff's inserts, updates and deletes with the old and new values, site content
// by key, service-role changes without a user, and a booking's status change.
// Set-up and helpers: admin-rules-fixtures.ts.
import { describe, expect, it } from 'vitest';
import { SEED, serviceClient, sql } from '../support';
import { setUpAdminRules, admin, staff } from './admin-rules-fixtures';

setUpAdminRules();

// ---------------------------------------------------------------- audit trail
describe('audit trail', () => {
  const trailOf = (recordId: string) =>
    sql<{
      action: string;
      table_name: string;
      user_id: string | null;
      old_values: Record<string, unknown> | null;
      new_values: Record<string, unknown> | null;
    }>(
      `select action, table_name, user_id::text, old_values, new_values from public.audit_logs where record_id = $1 order by created_at, action desc`,
      [recordId],
    );

  it('records insert, update and delete by staff with the old and new values', async () => {
    const { data: room, error } = await staff
      .from('rooms')
      .insert({
        name: 'Audited room',
        room_number: `A-${Math.random().toString(36).slice(2, 8)}`,
        room_type: 'single',
        price_per_night: 90,
      })
      .select()
      .single();
    expect(error).toBeNull();
    expect((await staff.from('rooms').update({ price_per_night: 95 }).eq('id', room!.id)).error).toBeNull();
    // an update that changes nothing is not recorded
    expect((await staff.from('rooms').update({ price_per_night: 95 }).eq('id', room!.id)).error).toBeNull();
    expect((await staff.from('rooms').delete().eq('id', room!.id)).error).toBeNull();

    const trail = await trailOf(room!.id);
    expect(trail.map((t) => [t.action, t.table_name, t.user_id])).toEqual([
      ['INSERT', 'rooms', SEED.users.staff],
      ['UPDATE', 'rooms', SEED.users.staff],
      ['DELETE', 'rooms', SEED.users.staff],
    ]);
    expect(trail[0].old_values).toBeNull();
    expect(trail[0].new_values).toMatchObject({ name: 'Audited room', price_per_night: 90 });
    expect(trail[1].old_values).toMatchObject({ price_per_night: 90 });
    expect(trail[1].new_values).toMatchObject({ price_per_night: 95 });
    expect(trail[2].old_values).toMatchObject({ name: 'Audited room', price_per_night: 95 });
    expect(trail[2].new_values).toBeNull();
  });

  it('records site content by key, and service-role changes without a user', async () => {
    const key = `audit_${Math.random().toString(36).slice(2, 8)}`;
    try {
      expect((await serviceClient().from('site_content').insert({ key, value: 'one' })).error).toBeNull();
      expect((await admin.from('site_content').update({ value: 'two' }).eq('key', key)).error).toBeNull();
      const trail = await trailOf(key);
      expect(trail.map((t) => [t.action, t.table_name, t.user_id, t.new_values?.value])).toEqual([
        ['INSERT', 'site_content', null, 'one'],
        ['UPDATE', 'site_content', SEED.users.admin, 'two'],
      ]);
    } finally {
      await sql('delete from public.site_content where key = $1', [key]);
    }
  });

  it('records a booking status change by staff', async () => {
    const [booking] = await sql<{ id: string }>(
      `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date)
       values ($1, 'Audit Guest', 'audit@test.example.com', current_date + 600, current_date + 602) returning id::text`,
      [SEED.room(7)],
    );
    try {
      expect((await staff.from('bookings').update({ status: 'confirmed' }).eq('id', booking.id)).error).toBeNull();
      const [update] = (await trailOf(booking.id)).filter((t) => t.action === 'UPDATE');
      expect(update).toMatchObject({
        user_id: SEED.users.staff,
        old_values: { status: 'pending' },
        new_values: { status: 'confirmed' },
      });
    } finally {
      await sql('delete from public.bookings where id = $1', [booking.id]);
    }
  });
});
