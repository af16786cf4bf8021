// Escalation through functions: the admin-only functions refused to staff, users and anon, the API
// roles' exact list of callable functions, and the deploy hook (its URL starts builds) that only an
// admin sets and reads, masked. Checks, clients and set-up: escalation-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, adminIds, anonClient, createBareUser, expectError, rolesOf, sql } from '../support';
import { admin, created, expectUnchanged, setUpEscalation, staff, user } from './escalation-fixtures';

setUpEscalation();

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
      // a guest's review through the link of a stay (reviews-link.test.ts)
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
      // the house's cancellation rule on every page, a stay's terms through its link (cancellation-terms.test.ts)
      'house_cancellation_terms',
      'booking_cancellation_by_link',
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
        // outgoing webhooks: admin only, checked inside (webhooks-access.test.ts)
        'create_webhook_endpoint',
        'enqueue_webhook_test',
        'replay_webhook_delivery',
        'rotate_webhook_secret',
        'update_webhook_endpoint',
        // the deploy hook: admin only, checked inside (deploy-hook-access.test.ts)
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
        // the folio: staff, checked inside (folio-desk.test.ts, folio-ledger.test.ts)
        'add_folio_extra',
        'booking_folio',
        'booking_folios',
        'check_out_booking',
        'reverse_folio_line',
        // the front desk: bookings by hand, stay changes, no-shows; staff, checked inside (front-desk.test.ts)
        'change_booking_stay',
        'create_desk_booking',
        'mark_no_show',
        'quote_stay_change',
        // the police web service: staff read, admins set the account, checked inside (permission-matrix-paperwork.test.ts)
        'paperwork_credentials_settings',
        'police_submissions_day',
        'set_paperwork_credentials',
        // the Ross1000 web service: staff ask a day again, checked inside (permission-matrix-paperwork.test.ts)
        'retry_istat_day',
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
        // the city tax, declared: staff read and record declarations, admins the rates, the
        // category and the payments to Roma Capitale, checked inside (city-tax-declared.test.ts)
        'city_tax_annual',
        'record_city_tax_exemption',
        'record_city_tax_remittance',
        'set_city_tax_category',
        'istat_movement',
        'privacy_guest_erase',
        'privacy_guest_export',
        // two-factor sign-in: the rule every signed-in caller's policies use; the setting, the
        // staff's factors and a lost factor's reset admin only, checked inside (two-factor-access.test.ts)
        'mfa_satisfied',
        'reset_user_mfa',
        'set_staff_mfa_required',
        'staff_mfa_status',
        // the desk's alerts: staff read them and resolve them (resolve_security_alert), checked inside (desk-alerts.test.ts, permission-matrix-functions.test.ts)
        'desk_alerts',
        // the portal's language: each signed-in caller's own profile only (permission-matrix-accounts.test.ts)
        'set_my_language',
        // rooms that follow their guests: the cleaning list and states (staff and housekeeping), the
        // room board (staff), checked inside (permission-matrix-housekeeping.test.ts)
        'can_housekeep',
        'housekeeping_list',
        'is_housekeeping',
        'room_board',
        'set_room_cleaning',
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
