// Escalation against the data: profiles, the tables anon must not read, a promo code's use count and
// the room-images bucket, each attempt refused and nothing changed. Checks, clients and set-up:
// escalation-fixtures.ts.
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { SEED, anonClient, createBareUser, expectError, rowAsJson, serviceClient, sql, type Client } from '../support';
import { created, expectRefused, expectUnchanged, setUpEscalation, staff, user } from './escalation-fixtures';

setUpEscalation();

describe('profiles', () => {
  const profileOf = (userId: string) => sql('select * from public.profiles where user_id = $1', [userId]);

  it("a user cannot read or edit another's profile, nor edit their own", async () => {
    const other = await createBareUser('escalation-other');
    created.push(other);
    await expectUnchanged(
      async () => [await profileOf(other), await profileOf(user.userId)],
      async () => {
        expect((await user.client.from('profiles').select('*').eq('user_id', other)).data).toEqual([]);
        expectRefused(
          await user.client
            .from('profiles')
            .update({ name: 'Hijacked', email: 'evil@test.example.com' })
            .eq('user_id', other)
            .select(),
        );
        expectRefused(
          await user.client.from('profiles').update({ name: 'Self-edited' }).eq('user_id', user.userId).select(),
        );
        expectRefused(await user.client.from('profiles').delete().eq('user_id', other).select());
      },
    );
  });

  it("staff can read but not edit another's profile", async () => {
    await expectUnchanged(
      () => profileOf(SEED.users.admin),
      async () => {
        expect((await staff.from('profiles').select('user_id').eq('user_id', SEED.users.admin)).data).toHaveLength(1);
        expectRefused(
          await staff
            .from('profiles')
            .update({ email: 'staff-owned@test.example.com' })
            .eq('user_id', SEED.users.admin)
            .select(),
        );
      },
    );
  });
});

describe('anon reads nothing private', () => {
  const PRIVATE = [
    'bookings',
    'booking_list',
    'profiles',
    'user_roles',
    'contact_messages',
    'security_logs',
    'security_alerts',
    'audit_logs',
  ] as const;

  it.each(PRIVATE)('anon select on %s is refused with no rows', async (table) => {
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.${table}`);
    expect(n, `${table} has rows to hide`).toBeGreaterThan(0);
    const { data, error } = await (anonClient() as unknown as SupabaseClient).from(table).select('*');
    expect(error?.code).toBe('42501');
    expect(data).toBeNull();
  });

  it('anon and a user with no role cannot read the dashboard figures', async () => {
    expectError(await anonClient().rpc('admin_dashboard_stats'), '42501');
    expectError(await user.client.rpc('admin_dashboard_stats'), '42501', 'Only staff can read the dashboard.');
  });
});

describe('promo code uses', () => {
  const LASTONE15 = '30000000-0000-4000-8000-000000000003';

  it.each(['anon', 'user', 'user (upsert)'] as const)("%s cannot change a promo code's current_uses", async (who) => {
    const client = who === 'anon' ? anonClient() : user.client;
    await expectUnchanged(
      () => rowAsJson('public.room_promo_codes', 'id', LASTONE15),
      async () => {
        if (who === 'user (upsert)') {
          const result = await client.from('room_promo_codes').upsert({
            id: LASTONE15,
            room_id: SEED.room(3),
            promo_code: 'LASTONE15',
            current_uses: 0,
            max_uses: 1000,
          });
          expectError(result, '42501');
        } else {
          expectRefused(
            await client
              .from('room_promo_codes')
              .update({ current_uses: 0, max_uses: 1000 })
              .eq('id', LASTONE15)
              .select(),
          );
        }
      },
    );
  });
});

describe('room-images bucket', () => {
  const bucket = (client: Client) => client.storage.from('room-images');
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);
  const objectRow = (name: string) =>
    sql('select * from storage.objects where bucket_id = $1 and name = $2', ['room-images', name]);

  it.each(['anon', 'user'] as const)('%s cannot upload, overwrite or delete an image', async (who) => {
    const client = who === 'anon' ? anonClient() : user.client;
    const existing = `escalation/${who}-${Date.now()}.png`;
    const fresh = `escalation/${who}-new-${Date.now()}.png`;
    expect((await bucket(serviceClient()).upload(existing, png, { contentType: 'image/png' })).error).toBeNull();
    try {
      await expectUnchanged(
        async () => [await objectRow(existing), await objectRow(fresh)],
        async () => {
          expect((await bucket(client).upload(fresh, png, { contentType: 'image/png' })).error).not.toBeNull();
          expect(
            (await bucket(client).upload(existing, new Uint8Array([1]), { contentType: 'image/png', upsert: true }))
              .error,
          ).not.toBeNull();
          expect(
            (await bucket(client).update(existing, new Uint8Array([2]), { contentType: 'image/png' })).error,
          ).not.toBeNull();
          expect((await bucket(client).remove([existing])).data ?? []).toEqual([]);
        },
      );
      const download = await bucket(serviceClient()).download(existing);
      expect(new Uint8Array(await download.data!.arrayBuffer())).toEqual(png);
    } finally {
      await bucket(serviceClient()).remove([existing, fresh]);
    }
  });
});
