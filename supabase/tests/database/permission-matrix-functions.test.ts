// Who may call the functions of the API that stand beside the tables of ARCHITECTURE.md section 5:
// the deploy hook's, the Reports screen's, and the privacy and city-tax functions; as anon, a
// signed-in user with no role, staff and admin. The shared actors: permission-matrix-fixtures.ts.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../support';
import { ROLES, label, matrixActors, type Role } from './permission-matrix-fixtures';

const actors = matrixActors();

// ---------------------------------------------------------------- the deploy hook URL
// Not a table of the API (private.deploy_hook): read through deploy_hook_settings() (masked: host
// and last 4 characters), set and removed through set_deploy_hook() / remove_deploy_hook().
type HookPerms = { read: 'none' | 'masked'; set: boolean; remove: boolean };
const DEPLOY_HOOK: Record<Role, HookPerms> = {
  anon: { read: 'none', set: false, remove: false },
  user: { read: 'none', set: false, remove: false },
  staff: { read: 'none', set: false, remove: false },
  admin: { read: 'masked', set: true, remove: true },
};
const MATRIX_HOOK = 'https://api.netlify.com/build_hooks/matrix00000000000000000042';
const storedHook = async () => (await sql<{ url: string }>('select url from private.deploy_hook'))[0]?.url ?? null;

describe('deploy hook URL', () => {
  beforeEach(() =>
    sql('insert into private.deploy_hook (id, url) values (true, $1) on conflict (id) do update set url = $1', [
      MATRIX_HOOK,
    ]),
  );
  afterAll(async () => {
    await sql('delete from private.deploy_hook');
    await sql('delete from public.webhook_deliveries where endpoint_id is null');
  });

  for (const role of ROLES) {
    const expected = DEPLOY_HOOK[role];
    it(`${role} read: ${expected.read === 'none' ? 'refused' : 'masked only'}`, async () => {
      const { client } = actors[role];
      const direct = await client
        .schema('private' as 'public')
        .from('deploy_hook' as never)
        .select('*');
      expect(direct.error).not.toBeNull();
      const { data, error } = await client.rpc('deploy_hook_settings');
      expect(JSON.stringify(data ?? '')).not.toContain('matrix0000');
      if (expected.read === 'none') expect(error?.code).toBe('42501');
      else expect(data).toMatchObject({ configured: true, masked_url: 'https://api.netlify.com/…0042' });
    });
    it(`${role} set: ${label(expected.set)}`, async () => {
      const url = `https://hooks.example.com/build/${role}`;
      const { error } = await actors[role].client.rpc('set_deploy_hook', { p_url: url });
      if (expected.set) expect(error).toBeNull();
      else expect(error?.code).toBe('42501');
      expect(await storedHook()).toBe(expected.set ? url : MATRIX_HOOK);
    });
    it(`${role} remove: ${label(expected.remove)}`, async () => {
      const { error } = await actors[role].client.rpc('remove_deploy_hook');
      if (expected.remove) expect(error).toBeNull();
      else expect(error?.code).toBe('42501');
      expect(await storedHook()).toBe(expected.remove ? null : MATRIX_HOOK);
    });
  }
});

// ---------------------------------------------------------------- reports
// The Reports screen's functions: staff and admins get rows; anon and a user with no role get an
// error and no data.
const REPORT_FUNCTIONS = [
  'report_occupancy',
  'report_pace',
  'report_stay_patterns',
  'report_outcomes',
  'report_sources',
  'report_guest_countries',
] as const;

describe('report functions', () => {
  for (const role of ROLES) {
    const allowed = role === 'staff' || role === 'admin';
    it(`${role} calls every report: ${label(allowed)}`, async () => {
      for (const fn of REPORT_FUNCTIONS) {
        const { data, error } = await actors[role].client.rpc(fn, { p_from: '2026-01-01', p_to: '2027-01-01' });
        if (allowed) {
          expect(error).toBeNull();
          expect(Array.isArray(data)).toBe(true);
        } else {
          expect(error?.code).toBe('42501');
          expect(data).toBeNull();
        }
      }
    });
    // what the reports keep for themselves (triggers write them): nobody reads them through the API
    it(`${role} reads the reports' kept tables: refused`, async () => {
      for (const table of ['report_request_deciders', 'report_night_totals']) {
        const direct = await actors[role].client
          .schema('private' as 'public')
          .from(table as never)
          .select('*');
        expect(direct.error, table).not.toBeNull();
        expect(direct.data, table).toBeNull();
      }
    });
  }
});

// ---------------------------------------------------------------- compliance functions
// Who may call the privacy and city-tax functions (issue 34): allowed means the call ran (a
// missing booking is the refusal booking_not_found, past the role check); refused means 42501.
const STAFF_ONLY: Record<Role, boolean> = { anon: false, user: false, staff: true, admin: true };
const ADMIN_ONLY: Record<Role, boolean> = { anon: false, user: false, staff: false, admin: true };
const NOBODY: Record<Role, boolean> = { anon: false, user: false, staff: false, admin: false };
const EVERYONE: Record<Role, boolean> = { anon: true, user: true, staff: true, admin: true };
const COMPLIANCE_FUNCTIONS: {
  name: string;
  args: Record<string, unknown>;
  who: Record<Role, boolean>;
  ran?: string;
}[] = [
  { name: 'site_compliance', args: {}, who: EVERYONE },
  { name: 'run_privacy_retention', args: {}, who: NOBODY },
  { name: 'privacy_guest_export', args: { p_email: 'nobody@matrix.test.example.com' }, who: ADMIN_ONLY },
  { name: 'privacy_guest_erase', args: { p_email: 'nobody@matrix.test.example.com' }, who: ADMIN_ONLY },
  { name: 'booking_city_tax', args: { p_booking_id: '00000000-0000-4000-8000-00000000dead' }, who: STAFF_ONLY },
  { name: 'city_tax_register', args: { p_from: '2099-01-01', p_to: '2099-01-31' }, who: STAFF_ONLY },
  { name: 'city_tax_periods', args: { p_from: '2099-01-01', p_to: '2099-03-31', p_period: 'month' }, who: STAFF_ONLY },
  { name: 'istat_movement', args: { p_month: '2099-01-01' }, who: STAFF_ONLY },
  // the city tax, declared (city-tax-declared.test.ts); the writes' arguments are refused past the
  // role check (`ran`: the code that shows the call got there), so nothing is written
  { name: 'city_tax_annual', args: { p_year: 2099 }, who: STAFF_ONLY },
  {
    name: 'record_city_tax_exemption',
    args: {
      p_booking_id: '00000000-0000-4000-8000-00000000dead',
      p_reason: 'volunteer',
      p_persons: 1,
      p_declarant_name: 'x',
    },
    who: STAFF_ONLY,
  },
  { name: 'add_city_tax_rate', args: { p_valid_from: null, p_amount_cents: 600 }, who: ADMIN_ONLY, ran: '22023' },
  {
    name: 'set_city_tax_category',
    args: { p_category: 'hotel', p_valid_from: '2099-01-01' },
    who: ADMIN_ONLY,
    ran: '22023',
  },
  {
    name: 'record_city_tax_remittance',
    args: { p_period_start: '2099-02-01', p_paid_on: '2099-02-02', p_amount_cents: 1, p_reference: 'x' },
    who: ADMIN_ONLY,
    ran: '22023',
  },
  { name: 'raise_city_tax_reminders', args: {}, who: NOBODY },
];

describe('compliance functions', () => {
  for (const fn of COMPLIANCE_FUNCTIONS) {
    for (const role of ROLES) {
      it(`${role} calls ${fn.name}: ${fn.who[role] ? 'allowed' : 'refused'}`, async () => {
        const { error } = await (actors[role].client as unknown as SupabaseClient).rpc(fn.name, fn.args);
        // allowed: it answers, or finds no such booking (a refusal with its not-found code)
        if (fn.who[role])
          expect(
            error === null || error.hint === 'booking_not_found' || (fn.ran !== undefined && error.code === fn.ran),
            error?.message,
          ).toBe(true);
        else expect(error?.code, error?.message).toBe('42501');
      });
    }
  }
});

// ---------------------------------------------------------------- the desk's alerts
// desk_alerts() lists the desk's open alerts to the staff; resolve_security_alert() lets the staff
// resolve a desk alert (private.desk_alert_types()) and only admins any other; the host e-mails'
// language (booking_settings.host_email_language) is changed by admins only. The raising
// functions (private.*) are nobody's through the API.
describe("the desk's alerts", () => {
  const alertOf = async (type: string) =>
    (
      await sql<{ id: string }>(`select private.raise_alert($1, 'high', 'matrix', $2)::text as id`, [
        type,
        `matrix:${Math.random()}`,
      ])
    )[0].id;
  afterAll(async () => {
    await sql(`delete from public.security_alerts where description = 'matrix'`);
    await sql(
      `delete from public.email_outbox where kind = 'host_alert' and data -> 'alert' ->> 'description' = 'matrix'`,
    );
    await sql(`update public.booking_settings set host_email_language = 'en'`);
  });

  for (const role of ROLES) {
    const staffLike = role === 'staff' || role === 'admin';
    it(`${role} lists the desk's alerts: ${label(staffLike)}`, async () => {
      const { error } = await actors[role].client.rpc('desk_alerts');
      if (staffLike) expect(error).toBeNull();
      else expect(error?.code).toBe('42501');
    });
    it(`${role} resolves a desk alert: ${label(staffLike)}; a security alert: ${label(role === 'admin')}`, async () => {
      const desk = await alertOf('channel_conflict');
      const security = await alertOf('mass_deletion');
      const deskResult = await actors[role].client.rpc('resolve_security_alert', { p_alert_id: desk });
      if (staffLike) expect(deskResult.error).toBeNull();
      else expect(deskResult.error?.code).toBe('42501');
      const securityResult = await actors[role].client.rpc('resolve_security_alert', { p_alert_id: security });
      if (role === 'admin') expect(securityResult.error).toBeNull();
      else expect(securityResult.error?.code).toBe('42501');
    });
    it(`${role} changes the host e-mails' language: ${label(role === 'admin')}`, async () => {
      await sql(`update public.booking_settings set host_email_language = 'en'`);
      await actors[role].client.from('booking_settings').update({ host_email_language: 'it' }).eq('singleton', true);
      const [row] = await sql<{ language: string }>(
        'select host_email_language as language from public.booking_settings',
      );
      expect(row.language).toBe(role === 'admin' ? 'it' : 'en');
    });
  }

  it('nobody calls the raising functions through the API', async () => {
    const [row] = await sql<Record<string, boolean>>(
      `select bool_or(has_function_privilege(r, f, 'execute')) as any
       from unnest(array['anon', 'authenticated']) r,
         unnest(array['private.raise_alert(text, public.security_severity, text, text, jsonb, text)',
           'private.desk_alert_types()', 'private.host_alert_email(public.security_alerts)',
           'private.raise_hold_ending_alerts()', 'private.host_email_language()', 'private.host_email_kinds()',
           'public.run_booking_timers()', 'public.channel_record_sync(uuid, text, timestamptz, integer, text, jsonb, text)']) f`,
    );
    expect(row.any).toBe(false);
  });
});

// ---------------------------------------------------------------- the front desk
// Who may take bookings by hand, change stays and mark no-shows (issue 40): staff and admins get
// past the role check (here to a refusal that writes nothing: a source the desk does not take, a
// booking that does not exist); anon and a user with no role are refused with 42501.
const DEAD_BOOKING = '00000000-0000-4000-8000-00000000dead';
const DESK_FUNCTIONS: { name: string; args: Record<string, unknown>; past: string }[] = [
  {
    name: 'create_desk_booking',
    args: {
      p_room_id: DEAD_BOOKING,
      p_check_in: '2099-01-01',
      p_check_out: '2099-01-02',
      p_guests: 1,
      p_guest_name: 'Matrix',
      p_guest_email: 'nobody@matrix.test.example.com',
      p_source: 'website',
    },
    past: 'source_invalid',
  },
  {
    name: 'quote_stay_change',
    args: { p_booking_id: DEAD_BOOKING, p_room_id: DEAD_BOOKING, p_check_in: '2099-01-01', p_check_out: '2099-01-02' },
    past: 'booking_not_found',
  },
  {
    name: 'change_booking_stay',
    args: { p_booking_id: DEAD_BOOKING, p_room_id: DEAD_BOOKING, p_check_in: '2099-01-01', p_check_out: '2099-01-02' },
    past: 'booking_not_found',
  },
  { name: 'mark_no_show', args: { p_booking_id: DEAD_BOOKING }, past: 'booking_not_found' },
];

describe('front desk functions', () => {
  for (const fn of DESK_FUNCTIONS) {
    for (const role of ROLES) {
      const allowed = STAFF_ONLY[role];
      it(`${role} calls ${fn.name}: ${allowed ? 'allowed' : 'refused'}`, async () => {
        const { error } = await (actors[role].client as unknown as SupabaseClient).rpc(fn.name, fn.args);
        if (allowed) expect(error?.hint, error?.message).toBe(fn.past);
        else expect(error?.code, error?.message).toBe('42501');
      });
    }
  }
});
