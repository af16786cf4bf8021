// Two factors for what guards passports and refunds (issue 42 §1): a staff member or admin signed
// in with a password alone (aal1) reaches no identity data, police file, refund, user, integration
// or privacy request (by RPC, REST or embedding) while two factors are required of them: when the
// setting is on (the migrations' default; the seed turns it off) or when they have a verified
// factor. The seed's mfa-admin, at aal2 after a TOTP code, reaches it all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../local/keys';
import { totpCode } from '../../local/auth/totp';
import { DEMO, SEED, anonClient, dbDate, newUserClient, platform, signedInClient, sql, type Client } from '../support';
import { admin, confirmedStay, save, setUpCheckin, staff } from './checkin-fixtures';
import { single } from './checkin-guests-fixtures';

setUpCheckin();

type Result = { error: { code?: string; hint?: string; message: string } | null; data?: unknown };
const refusedForAal = (result: Result) => {
  expect(result.error, 'expected an aal2 refusal').toMatchObject({ code: '42501', hint: 'aal2_required' });
  expect(result.data ?? null).toBeNull();
};

/** mfa-admin signed in with password and code (aal2). */
async function mfaAdminAal2(): Promise<Client> {
  const client = await signedInClient(DEMO.mfaAdmin.email, DEMO.mfaAdmin.password);
  const { error } = await client.auth.mfa.challengeAndVerify({
    factorId: '00000000-0000-4000-8000-0000000000f4',
    code: totpCode(DEMO_TOTP_SECRET),
  });
  if (error) throw error;
  return client;
}
const setRequired = (on: boolean) =>
  sql('update public.auth_settings set require_staff_mfa = $1 where singleton', [on]);

let aal2: Client;
let mfaAal1: Client;
let paidBooking: string;
const REFUND_INTENT = `pi_two_factor_${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  // a verify ends mfa-admin's other aal1 sessions: the aal1 client signs in after it
  aal2 = await mfaAdminAal2();
  mfaAal1 = await signedInClient(DEMO.mfaAdmin.email, DEMO.mfaAdmin.password);
  const [booking] = await sql<{ id: string }>(
    `insert into public.bookings (room_id, guest_name, guest_email, check_in_date, check_out_date, guests, status)
     values ($1, 'Refund Guest', 'refund-2fa@test.example.com', $2, $3, 1, 'confirmed') returning id::text`,
    [SEED.room(3), await dbDate(1200), await dbDate(1202)],
  );
  paidBooking = booking.id;
  await sql(
    `insert into public.payments (booking_id, kind, amount_cents, method, provider_payment_intent_id, actor)
     values ($1, 'charge', 5000, 'stripe', $2, 'stripe')`,
    [paidBooking, REFUND_INTENT],
  );
});

afterAll(async () => {
  await setRequired(false);
  await sql(`do $$ begin
    set local session_replication_role = replica;
    delete from private.refund_requests where booking_id = '${paidBooking}';
    delete from public.payments where booking_id = '${paidBooking}';
    delete from public.bookings where id = '${paidBooking}';
  end $$`);
});

describe('two factors required of staff (the hosted default)', () => {
  beforeAll(() => setRequired(true));

  it('refuses every identity, police-file and desk function to staff at aal1, and audits no read', async () => {
    const stay = await confirmedStay(1);
    expect((await save(stay, [single])).error).toBeNull();
    const [{ id: guestId }] = await sql<{ id: string }>(
      'select id::text from public.booking_guests where booking_id = $1',
      [stay.bookingId],
    );
    const [{ n: readsBefore }] = await sql<{ n: number }>(
      "select count(*)::int as n from public.audit_logs where action = 'READ' and table_name = 'booking_guests'",
    );
    for (const client of [staff, admin]) {
      refusedForAal(await client.rpc('staff_arrivals', { p_day: stay.checkIn }));
      refusedForAal(await client.rpc('police_file_day', { p_day: stay.checkIn }));
      refusedForAal(await client.rpc('police_submissions_day', { p_day: stay.checkIn }));
      refusedForAal(
        await client.rpc('staff_save_booking_guests', { p_booking_id: stay.bookingId, p_guests: [single] as never }),
      );
      refusedForAal(await client.rpc('verify_booking_guest', { p_guest_id: guestId, p_verified: true }));
      refusedForAal(await client.rpc('check_in_booking', { p_booking_id: stay.bookingId }));
      refusedForAal(await client.rpc('mark_police_file_filed', { p_day: stay.checkIn, p_guest_ids: [guestId] }));
    }
    const [{ n: readsAfter }] = await sql<{ n: number }>(
      "select count(*)::int as n from public.audit_logs where action = 'READ' and table_name = 'booking_guests'",
    );
    expect(readsAfter).toBe(readsBefore);
    const [row] = await sql<{ verified_at: string | null }>(
      'select verified_at from public.booking_guests where id = $1',
      [guestId],
    );
    expect(row?.verified_at).toBeNull();
    // the guest's own link is not staff: it still saves
    expect((await save(stay, [single])).error).toBeNull();
  });

  it('gives the same staff member at aal2 the arrivals, the police file and the desk', async () => {
    const stay = await confirmedStay(1);
    expect((await save(stay, [single])).error).toBeNull();
    const arrivals = await aal2.rpc('staff_arrivals', { p_day: stay.checkIn });
    expect(arrivals.error).toBeNull();
    const booking = arrivals.data?.bookings?.find((b) => b.booking_id === stay.bookingId);
    expect(booking?.guests?.[0]?.document_number).toBe('18AB12345');
    expect((await aal2.rpc('police_file_day', { p_day: stay.checkIn })).error).toBeNull();
    expect((await aal2.rpc('police_submissions_day', { p_day: stay.checkIn })).error).toBeNull();
    const guestId = booking!.guests![0]!.id!;
    expect((await aal2.rpc('verify_booking_guest', { p_guest_id: guestId, p_verified: true })).error).toBeNull();
  });

  it('refuses privacy requests, roles, users, lost-factor resets, refunds and integrations to an admin at aal1', async () => {
    const target = await newUserClient('aal-target');
    const calls: [string, (client: Client) => PromiseLike<Result>][] = [
      ['privacy_guest_export', (c) => c.rpc('privacy_guest_export', { p_email: 'refund-2fa@test.example.com' })],
      ['privacy_guest_erase', (c) => c.rpc('privacy_guest_erase', { p_email: 'nobody-2fa@test.example.com' })],
      ['set_user_role', (c) => c.rpc('set_user_role', { p_user_id: target.userId, p_role: 'staff' })],
      ['delete_user', (c) => c.rpc('delete_user', { p_user_id: target.userId })],
      ['reset_user_mfa', (c) => c.rpc('reset_user_mfa', { p_user_id: target.userId })],
      ['staff_mfa_status', (c) => c.rpc('staff_mfa_status')],
      [
        'request_refund',
        (c) => c.rpc('request_refund', { p_booking_id: paidBooking, p_amount_cents: 1000, p_reason: 'test' }),
      ],
      ['channel_export_tokens', (c) => c.rpc('channel_export_tokens')],
      ['paperwork_credentials_settings', (c) => c.rpc('paperwork_credentials_settings')],
      [
        'set_paperwork_credentials',
        (c) =>
          c.rpc('set_paperwork_credentials', {
            p_service: 'alloggiati',
            p_user: 'ATTACKER',
            p_password: 'pw',
            p_key: 'key',
          }),
      ],
      [
        'save_platform_api_key',
        (c) => c.rpc('save_platform_api_key', { p_platform: 'airbnb', p_api_key: 'key-2fa-test' }),
      ],
    ];
    for (const [name, call] of calls) {
      for (const client of [admin, mfaAal1]) {
        const result = await call(client);
        expect(result.error?.hint, name).toBe('aal2_required');
        expect(result.error?.code, name).toBe('42501');
      }
    }
    expect(await sql('select 1 from public.user_roles where user_id = $1', [target.userId])).toEqual([]);
    expect(await sql('select 1 from private.refund_requests where booking_id = $1', [paidBooking])).toEqual([]);
    expect(await sql("select 1 from private.platform_api_keys where api_key = 'key-2fa-test'")).toEqual([]);
    await sql('delete from auth.users where id = $1', [target.userId]);
  });

  it('hides the guarded tables from REST and embedding at aal1, except one’s own profile and roles', async () => {
    const tables = [
      ['police_filings', '*'],
      ['privacy_requests', '*'],
      ['webhook_endpoints', '*'],
      ['webhook_deliveries', '*'],
      ['channel_feeds', 'id, import_url'],
      ['police_submissions', '*'],
      ['police_receipts', '*'],
    ] as const;
    for (const [table, columns] of tables) {
      const atAal2 = await aal2.from(table).select(columns).limit(1);
      expect(atAal2.error, table).toBeNull();
      const atAal1 = await admin.from(table).select(columns);
      expect(atAal1.error, table).toBeNull();
      expect(atAal1.data, table).toEqual([]);
    }
    expect((await aal2.from('channel_feeds').select('id')).data?.length).toBeGreaterThan(0);
    const embedded = await admin.from('rooms').select('id, channel_feeds(id, import_url)');
    expect(embedded.error).toBeNull();
    expect(embedded.data?.length).toBeGreaterThan(0);
    expect(embedded.data?.every((room) => room.channel_feeds.length === 0)).toBe(true);
    const embeddedAal2 = await aal2.from('rooms').select('id, channel_feeds(id)');
    expect(embeddedAal2.data?.some((room) => room.channel_feeds.length > 0)).toBe(true);

    // the guests' identity rows never come embedded in a booking, at any level
    for (const client of [admin, aal2]) {
      const withGuests = await client.from('bookings').select('id, booking_guests(surname, document_number)').limit(1);
      expect(withGuests.data ?? null).toBeNull();
      expect(withGuests.error?.code).toBe('42501');
    }

    const profiles = await admin.from('profiles').select('user_id');
    expect(profiles.data?.map((p) => p.user_id)).toEqual([SEED.users.admin]);
    const roles = await admin.from('user_roles').select('user_id, role');
    expect(roles.data).toEqual([{ user_id: SEED.users.admin, role: 'admin' }]);
    expect(((await aal2.from('profiles').select('user_id')).data ?? []).length).toBeGreaterThan(3);
    // and no change through REST either
    const renamed = await admin.from('profiles').update({ name: 'Hijacked' }).eq('user_id', SEED.users.staff).select();
    expect(renamed.data ?? []).toEqual([]);
    const [staffProfile] = await sql<{ name: string }>('select name from public.profiles where user_id = $1', [
      SEED.users.staff,
    ]);
    expect(staffProfile.name).not.toBe('Hijacked');
  });

  it('lets the admin at aal2 export a guest and ask for a refund', async () => {
    const exported = await aal2.rpc('privacy_guest_export', { p_email: 'refund-2fa@test.example.com' });
    expect(exported.error).toBeNull();
    const refund = await aal2.rpc('request_refund', {
      p_booking_id: paidBooking,
      p_amount_cents: 1000,
      p_reason: 'two-factor test',
    });
    expect(refund.error).toBeNull();
    expect(refund.data).toBe(1000);
    expect(await sql('select amount_cents from private.refund_requests where booking_id = $1', [paidBooking])).toEqual([
      { amount_cents: 1000 },
    ]);
    expect((await aal2.rpc('channel_export_tokens')).error).toBeNull();
  });
});

describe('two factors not required (the local seed)', () => {
  beforeAll(() => setRequired(false));

  it('lets staff without a factor in with a password, but never a staff member who has one', async () => {
    const stay = await confirmedStay(1);
    expect((await save(stay, [single])).error).toBeNull();
    expect((await staff.rpc('police_file_day', { p_day: stay.checkIn })).error).toBeNull();
    expect((await admin.rpc('privacy_guest_export', { p_email: 'refund-2fa@test.example.com' })).error).toBeNull();
    refusedForAal(await mfaAal1.rpc('police_file_day', { p_day: stay.checkIn }));
    refusedForAal(await mfaAal1.rpc('staff_arrivals', { p_day: stay.checkIn }));
    expect((await mfaAal1.from('police_filings').select('*')).data).toEqual([]);
    expect((await aal2.rpc('police_file_day', { p_day: stay.checkIn })).error).toBeNull();
  });
});

describe('the setting', () => {
  afterAll(() => setRequired(false));

  it('is changed by an admin at aal2 who has a factor, audited; read by staff; never written through REST', async () => {
    expect((await staff.from('auth_settings').select('require_staff_mfa')).data).toEqual([
      { require_staff_mfa: false },
    ]);
    expect((await staff.rpc('set_staff_mfa_required', { p_required: true })).error?.code).toBe('42501');
    const noFactor = await admin.rpc('set_staff_mfa_required', { p_required: true });
    expect(noFactor.error).toMatchObject({ code: 'P0001', hint: 'mfa_enrol_first' });
    refusedForAal(await mfaAal1.rpc('set_staff_mfa_required', { p_required: true }));
    const direct = await aal2.from('auth_settings').update({ require_staff_mfa: true }).eq('singleton', true).select();
    expect(direct.error?.code).toBe('42501');

    expect((await aal2.rpc('set_staff_mfa_required', { p_required: true })).error).toBeNull();
    expect(await sql('select require_staff_mfa, updated_by::text from public.auth_settings')).toEqual([
      { require_staff_mfa: true, updated_by: SEED.users.mfaAdmin },
    ]);
    const [audit] = await sql<{ user_id: string; new_values: Record<string, unknown> }>(
      `select user_id::text, new_values from public.audit_logs where table_name = 'auth_settings' and action = 'UPDATE'
        order by created_at desc limit 1`,
    );
    expect(audit).toMatchObject({ user_id: SEED.users.mfaAdmin, new_values: { require_staff_mfa: true } });
    // now the demo admin without a factor cannot turn it off again
    refusedForAal(await admin.rpc('set_staff_mfa_required', { p_required: false }));
  });
});

describe('the settings table by role', () => {
  it('anon reads nothing, a user with no role sees no row, staff read; nobody writes through REST', async () => {
    const anon = await anonClient().from('auth_settings').select('require_staff_mfa');
    expect(anon.error?.code).toBe('42501');
    const nobody = await newUserClient('aal-settings');
    expect((await nobody.client.from('auth_settings').select('require_staff_mfa')).data).toEqual([]);
    expect((await staff.from('auth_settings').select('require_staff_mfa')).data).toHaveLength(1);
    for (const client of [anonClient(), nobody.client, staff, admin, aal2]) {
      const update = await client.from('auth_settings').update({ require_staff_mfa: true }).eq('singleton', true);
      expect(update.error?.code).toBe('42501');
      const remove = await client.from('auth_settings').delete().eq('singleton', true);
      expect(remove.error?.code).toBe('42501');
      const insert = await client.from('auth_settings').insert({ singleton: true, require_staff_mfa: true });
      expect(insert.error?.code).toBe('42501');
    }
    expect(await sql('select require_staff_mfa from public.auth_settings')).toEqual([{ require_staff_mfa: false }]);
    await sql('delete from auth.users where id = $1', [nobody.userId]);
  });
});

describe('a lost phone: an admin resets another user’s factor', () => {
  it('removes the factors, ends the sessions, audits and alerts; refuses one’s own, an unknown user, staff and aal1', async () => {
    const lost = await newUserClient('lost-phone');
    await sql("insert into public.user_roles (user_id, role) values ($1, 'staff')", [lost.userId]);
    const factor = await lost.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Old phone' });
    const secret = factor.data!.totp.secret;
    expect(
      (await lost.client.auth.mfa.challengeAndVerify({ factorId: factor.data!.id, code: totpCode(secret) })).error,
    ).toBeNull();
    const lostToken = (await lost.client.auth.getSession()).data.session!.access_token;
    const today = await dbDate(0);
    expect((await lost.client.rpc('police_file_day', { p_day: today })).error).toBeNull();

    const status = await aal2.rpc('staff_mfa_status');
    expect(status.data?.find((s) => s.user_id === lost.userId)?.verified_factors).toBe(1);
    expect(status.data?.find((s) => s.user_id === SEED.users.staff)?.verified_factors).toBe(0);

    expect((await staff.rpc('reset_user_mfa', { p_user_id: lost.userId })).error?.code).toBe('42501');
    refusedForAal(await mfaAal1.rpc('reset_user_mfa', { p_user_id: lost.userId }));
    expect((await aal2.rpc('reset_user_mfa', { p_user_id: SEED.users.mfaAdmin })).error).toMatchObject({
      hint: 'own_factor',
    });
    const unknown = await aal2.rpc('reset_user_mfa', { p_user_id: '00000000-0000-4000-8000-0000000000ff' });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ hint: 'user_not_found', message: 'User not found.' });

    const reset = await aal2.rpc('reset_user_mfa', { p_user_id: lost.userId });
    expect(reset.error).toBeNull();
    expect(reset.data).toBe(1);
    expect(await sql('select 1 from auth.mfa_factors where user_id = $1', [lost.userId])).toEqual([]);
    const response = await fetch(`${platform().apiUrl}/auth/v1/user`, {
      headers: { apikey: platform().anonKey, authorization: `Bearer ${lostToken}` },
    });
    expect(response.status).toBe(403);
    // the aal2 access token itself (a JWT still unexpired) lost its powers with its session
    await setRequired(true);
    try {
      refusedForAal(await lost.client.rpc('police_file_day', { p_day: today }));
    } finally {
      await setRequired(false);
    }
    const [audit] = await sql<{ user_id: string; new_values: Record<string, unknown> }>(
      "select user_id::text, new_values from public.audit_logs where table_name = 'mfa_factors' and record_id = $1",
      [lost.userId],
    );
    expect(audit).toEqual({ user_id: SEED.users.mfaAdmin, new_values: { reset_by_admin: true, factors: 1 } });
    const alerts = await sql(
      "select 1 from public.security_alerts where alert_type = 'mfa_reset' and metadata ->> 'user_id' = $1",
      [lost.userId],
    );
    expect(alerts).toHaveLength(1);
    // they sign in again with their password, at aal1 with nothing to verify: they enrol anew
    const again = await signedInClient(lost.email, 'test-password-123');
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
    await sql('delete from auth.users where id = $1', [lost.userId]);
  });
});

describe('unknown ids at the desk', () => {
  it('answer 404 with a stable code, not 500', async () => {
    const missing = '00000000-0000-4000-8000-0000000000ff';
    const calls = [
      [await staff.rpc('check_in_booking', { p_booking_id: missing }), 'booking_not_found', 'Booking not found.'],
      [
        await staff.rpc('staff_save_booking_guests', { p_booking_id: missing, p_guests: [single] as never }),
        'booking_not_found',
        'Booking not found.',
      ],
      [
        await staff.rpc('verify_booking_guest', { p_guest_id: missing, p_verified: true }),
        'guest_not_found',
        'Guest not found.',
      ],
    ] as const;
    for (const [result, hint, message] of calls) {
      expect(result.status).toBe(404);
      expect(result.error).toMatchObject({ code: 'PT404', hint, message });
    }
  });
});
