// Escalation attempts through supabase-js, each refused by the database, and each checked with
// the superuser afterwards: nothing changed.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  SEED,
  adminIds,
  anonClient,
  createBareUser,
  deleteUsers,
  expectError,
  newUserClient,
  rowAsJson,
  serviceClient,
  rolesOf,
  signedInClient,
  sql,
  type Client,
} from '../support';

type Result = { error: { code?: string; message: string } | null; data?: unknown };

/** A refused write: a permission error, or row-level security let no row through. */
function expectRefused(result: Result) {
  if (result.error) expect(result.error.code, result.error.message).toBe('42501');
  else expect(result.data).toEqual([]);
}

/** Runs `attempt`, then checks that the rows it aimed at are exactly as before. */
async function expectUnchanged(rows: () => Promise<unknown>, attempt: () => Promise<void>) {
  const before = await rows();
  await attempt();
  expect(await rows()).toEqual(before);
}

let staff: Client;
let admin: Client;
let user: { client: Client; userId: string };
const created: string[] = [];

beforeAll(async () => {
  [staff, admin] = await Promise.all([
    signedInClient(DEMO.staff.email, DEMO.staff.password),
    signedInClient(DEMO.admin.email, DEMO.admin.password),
  ]);
  user = await newUserClient('escalation');
  created.push(user.userId);
});

afterAll(async () => {
  await deleteUsers(...created);
});

describe('nobody gives themselves a role', () => {
  it('a user with no role cannot insert a role row for themselves', async () => {
    for (const role of ['guest', 'staff', 'admin'] as const) {
      const result = await user.client.from('user_roles').insert({ user_id: user.userId, role });
      expectError(result, '42501');
    }
    expect(await rolesOf(user.userId)).toEqual([]);
    // and the helpers still say so
    expect((await user.client.rpc('is_staff')).data).toBe(false);
    expect((await user.client.rpc('is_admin')).data).toBe(false);
  });

  it('a user cannot update or upsert their own role row into admin', async () => {
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'guest')`, [user.userId]);
    try {
      await expectUnchanged(
        () => sql('select * from public.user_roles where user_id = $1', [user.userId]),
        async () => {
          expectRefused(
            await user.client.from('user_roles').update({ role: 'admin' }).eq('user_id', user.userId).select(),
          );
          expectError(
            await user.client
              .from('user_roles')
              .upsert({ user_id: user.userId, role: 'admin' }, { onConflict: 'user_id,role' }),
            '42501',
          );
        },
      );
      expect(await rolesOf(user.userId)).toEqual(['guest']);
    } finally {
      await sql('delete from public.user_roles where user_id = $1', [user.userId]);
    }
  });

  it('signing up with role metadata gives a profile and no role', async () => {
    const email = `escalation-meta-${Math.random().toString(36).slice(2, 8)}@test.example.com`;
    const signUp = await anonClient().auth.signUp({
      email,
      password: 'long-enough-1',
      options: { data: { role: 'admin', name: 'Mallory' } },
    });
    expect(signUp.error).toBeNull();
    const userId = signUp.data.user!.id;
    created.push(userId);
    expect(await rolesOf(userId)).toEqual([]);
    const [profile] = await sql('select name from public.profiles where user_id = $1', [userId]);
    expect(profile.name).toBe('Mallory');
  });

  it('staff cannot make themselves admin: insert, update or set_user_role', async () => {
    await expectUnchanged(
      () => sql('select * from public.user_roles order by id'),
      async () => {
        expectError(await staff.from('user_roles').insert({ user_id: SEED.users.staff, role: 'admin' }), '42501');
        expectRefused(
          await staff.from('user_roles').update({ role: 'admin' }).eq('user_id', SEED.users.staff).select(),
        );
        expectError(
          await staff.rpc('set_user_role', { p_user_id: SEED.users.staff, p_role: 'admin' }),
          '42501',
          'Only administrators can change user roles.',
        );
        // nor promote someone else, nor take the admin's role away
        expectError(await staff.from('user_roles').insert({ user_id: user.userId, role: 'admin' }), '42501');
        expectRefused(await staff.from('user_roles').delete().eq('user_id', SEED.users.admin).select());
      },
    );
    expect(await rolesOf(SEED.users.staff)).toEqual(['staff']);
  });

  it('even an admin cannot change their own role', async () => {
    await expectUnchanged(
      () => sql('select * from public.user_roles order by id'),
      async () => {
        expectError(
          await admin.from('user_roles').update({ role: 'staff' }).eq('user_id', SEED.users.admin).select(),
          '42501',
          'You cannot change your own role.',
        );
        expectError(
          await admin.from('user_roles').insert({ user_id: SEED.users.admin, role: 'staff' }),
          '42501',
          'You cannot change your own role.',
        );
        expectError(
          await admin.from('user_roles').delete().eq('user_id', SEED.users.admin),
          '42501',
          'You cannot change your own role.',
        );
        expectError(
          await admin.rpc('set_user_role', { p_user_id: SEED.users.admin, p_role: 'staff' }),
          'P0001',
          'You cannot change your own role.',
        );
      },
    );
  });
});

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

describe('admin-only functions', () => {
  it.each(['staff', 'user'] as const)('%s calling set_user_role or delete_user directly is refused', async (who) => {
    const client = who === 'staff' ? staff : user.client;
    const target = await createBareUser('escalation-target', 'guest');
    created.push(target);
    await expectUnchanged(
      async () => [
        await rolesOf(target),
        await adminIds(),
        await sql('select id from auth.users where id = $1', [target]),
      ],
      async () => {
        expectError(
          await client.rpc('set_user_role', { p_user_id: target, p_role: 'admin' }),
          '42501',
          'Only administrators can change user roles.',
        );
        expectError(
          await client.rpc('delete_user', { p_user_id: target }),
          '42501',
          'Only administrators can delete users.',
        );
        expectError(
          await client.rpc('delete_user', { p_user_id: SEED.users.admin }),
          '42501',
          'Only administrators can delete users.',
        );
      },
    );
  });

  it('the API roles can execute exactly the intended functions, and nothing in schema private', async () => {
    const callable = async (role: string) =>
      (
        await sql<{ proname: string }>(
          `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public' and has_function_privilege($1, p.oid, 'execute') order by 1`,
          [role],
        )
      ).map((r) => r.proname);
    const PUBLIC_RPCS = [
      'available_room_ids',
      'booking_by_link',
      'cancel_booking_request',
      'check_promo_code',
      'confirm_booking_request',
      'is_admin',
      'is_staff',
      // the public quote and availability calendar (room-rates-*.test.ts)
      'quote_stay',
      'request_booking',
      // a guest's review through the link of a stay (reviews.test.ts)
      'review_invitation',
      'room_calendar',
      'room_is_available',
      'submit_review',
      // a guest's payments and online check-in through its private link (payments-*.test.ts, checkin-*.test.ts)
      'booking_payments_by_link',
      'checkin_by_link',
      'save_checkin_by_link',
      'search_checkin_places',
      // the CIN and the privacy notice's periods, on every public page (privacy-retention.test.ts)
      'site_compliance',
    ].sort();
    expect(await callable('anon')).toEqual(PUBLIC_RPCS);
    expect(await callable('authenticated')).toEqual(
      [
        ...PUBLIC_RPCS,
        'admin_auth_events',
        'admin_dashboard_stats',
        'admin_security_counts',
        'admin_security_logs',
        'delete_user',
        'publish_design',
        'resolve_security_alert',
        'restore_design_version',
        'save_design_draft',
        'search_booking_list',
        'set_primary_room_image',
        'set_user_role',
        // channel calendars: admin only (room_occupancy: staff), checked inside (channel-sync-export-and-rules.test.ts)
        'channel_export_tokens',
        'platform_api_key_hints',
        'room_occupancy',
        'rotate_channel_export_token',
        'save_platform_api_key',
        // outgoing webhooks: admin only, checked inside (webhooks.test.ts)
        'create_webhook_endpoint',
        'enqueue_webhook_test',
        'replay_webhook_delivery',
        'rotate_webhook_secret',
        'update_webhook_endpoint',
        // the deploy hook: admin only, checked inside (deploy-hook.test.ts)
        'deploy_hook_settings',
        'enqueue_deploy_hook_test',
        'remove_deploy_hook',
        'set_deploy_hook',
        // stay requests: staff only, checked inside (stay-requests-emails.test.ts)
        'resend_booking_email',
        'revoke_booking_link',
        // reports: staff only, checked inside (permission-matrix-functions.test.ts, reports.test.ts)
        'report_guest_countries',
        'report_occupancy',
        'report_outcomes',
        'report_pace',
        'report_sources',
        'report_stay_patterns',
        // payments: staff record, admins refund, checked inside (payment-money.test.ts, payments-*.test.ts)
        'money_received',
        'record_property_payment',
        'request_refund',
        // check-in and the police file: staff, code tables admins, checked inside (checkin-functions.test.ts)
        'booking_checkin_status',
        'check_in_booking',
        'import_alloggiati_table',
        'mark_police_file_filed',
        'police_file_day',
        'staff_arrivals',
        'staff_save_booking_guests',
        'unreported_check_ins',
        'verify_booking_guest',
        // city tax, ISTAT and privacy: staff, rates and privacy admins, checked inside (permission-matrix-functions.test.ts)
        'add_city_tax_rate',
        'booking_city_tax',
        'city_tax_periods',
        'city_tax_register',
        'istat_movement',
        'privacy_guest_erase',
        'privacy_guest_export',
      ].sort(),
    );
    const [schema] = await sql(
      `select has_schema_privilege('anon', 'private', 'usage') as anon, has_schema_privilege('authenticated', 'private', 'usage') as authenticated`,
    );
    expect(schema).toEqual({ anon: false, authenticated: false });
  });

  it('anon cannot even call them', async () => {
    const anon = anonClient();
    await expectUnchanged(adminIds, async () => {
      expectError(await anon.rpc('set_user_role', { p_user_id: SEED.users.guest, p_role: 'admin' }), '42501');
      expectError(await anon.rpc('delete_user', { p_user_id: SEED.users.admin }), '42501');
      expectError(await anon.rpc('set_primary_room_image', { p_image_id: SEED.users.admin }), '42501');
    });
    expect(await rolesOf(SEED.users.guest)).toEqual([]);
  });
});

describe('the deploy hook', () => {
  const HOOK = 'https://api.netlify.com/build_hooks/escalation0000000000000001';
  const storedHook = () => sql('select url from private.deploy_hook');

  beforeAll(async () => {
    await sql('insert into private.deploy_hook (id, url) values (true, $1) on conflict (id) do update set url = $1', [
      HOOK,
    ]);
  });
  afterAll(async () => {
    await sql('delete from private.deploy_hook');
    await sql('delete from public.webhook_deliveries where endpoint_id is null');
  });

  it.each(['staff', 'user'] as const)(
    '%s can neither re-route, remove, test nor read the hook (its URL starts builds)',
    async (who) => {
      const client = who === 'staff' ? staff : user.client;
      await expectUnchanged(
        async () => [
          await storedHook(),
          await sql('select id from public.webhook_deliveries where endpoint_id is null'),
        ],
        async () => {
          expectError(
            await client.rpc('set_deploy_hook', { p_url: 'https://attacker.example.com/hook' }),
            '42501',
            'Only administrators can set the deploy hook.',
          );
          expectError(
            await client.rpc('remove_deploy_hook'),
            '42501',
            'Only administrators can remove the deploy hook.',
          );
          expectError(
            await client.rpc('enqueue_deploy_hook_test'),
            '42501',
            'Only administrators can send a test build.',
          );
          const read = await client.rpc('deploy_hook_settings');
          expectError(read, '42501', 'Only administrators can see the deploy hook.');
          expect(JSON.stringify(read.data ?? '')).not.toContain('escalation');
          const direct = await client
            .schema('private' as 'public')
            .from('deploy_hook' as never)
            .select('*');
          expect(direct.error).not.toBeNull();
          // the log of rebuilds is the admins' too
          const log = await client.from('webhook_deliveries').insert({
            message_id: 'msg_forged',
            event_type: 'site.rebuild',
            payload: {},
            next_attempt_at: new Date().toISOString(),
          });
          expect(log.error).not.toBeNull();
        },
      );
    },
  );

  it('an admin reads the hook masked only, and cannot read it in full anywhere', async () => {
    const { data, error } = await admin.rpc('deploy_hook_settings');
    expect(error).toBeNull();
    expect(data).toMatchObject({ configured: true, masked_url: 'https://api.netlify.com/…0001' });
    expect(JSON.stringify(data)).not.toContain('escalation');
    const direct = await admin
      .schema('private' as 'public')
      .from('deploy_hook' as never)
      .select('*');
    expect(direct.error).not.toBeNull();
    const { data: audit } = await admin.from('audit_logs').select('new_values, old_values');
    expect(JSON.stringify(audit)).not.toContain('escalation0000');
  });
});

describe('the last administrator stays', () => {
  const LAST_ADMIN = 'The last administrator cannot be removed or demoted.';

  beforeAll(async () => {
    // the seed has exactly one admin; these tests are about that situation
    expect(await adminIds()).toEqual([SEED.users.admin]);
  });

  afterAll(async () => {
    expect(await adminIds()).toEqual([SEED.users.admin]);
  });

  it('the admin can neither demote nor delete themselves', async () => {
    await expectUnchanged(adminIds, async () => {
      expectError(
        await admin.rpc('set_user_role', { p_user_id: SEED.users.admin, p_role: 'guest' }),
        'P0001',
        'You cannot change your own role.',
      );
      expectError(
        await admin.rpc('delete_user', { p_user_id: SEED.users.admin }),
        'P0001',
        'You cannot delete your own account.',
      );
    });
  });

  it('the service role cannot demote or remove the last admin role through the API', async () => {
    const service = serviceClient();
    await expectUnchanged(adminIds, async () => {
      expectError(
        await service.from('user_roles').update({ role: 'staff' }).eq('user_id', SEED.users.admin),
        'P0001',
        LAST_ADMIN,
      );
      expectError(await service.from('user_roles').delete().eq('user_id', SEED.users.admin), 'P0001', LAST_ADMIN);
    });
  });

  it('the service role cannot delete the last admin account', async () => {
    await expectUnchanged(
      async () => [await adminIds(), await sql('select id from auth.users where id = $1', [SEED.users.admin])],
      async () => {
        expect((await serviceClient().auth.admin.deleteUser(SEED.users.admin)).error).not.toBeNull();
      },
    );
  });

  it.each([
    ['delete from public.user_roles', `delete from public.user_roles where role = 'admin'`],
    ['update user_roles', `update public.user_roles set role = 'staff' where role = 'admin'`],
    [
      'move the role to another user',
      `update public.user_roles set user_id = '${SEED.users.guest}' where role = 'admin'`,
    ],
    ['delete the account', `delete from auth.users where id = '${SEED.users.admin}'`],
  ])('direct SQL as the superuser is refused too: %s', async (_, statement) => {
    await expectUnchanged(adminIds, async () => {
      await expect(sql(statement)).rejects.toMatchObject({ code: 'P0001', message: LAST_ADMIN });
    });
  });
});
