// The shared half of the deposit files (payments-*.test.ts, issue 31): a room of the calling file's
// own from current_date + 300 on, stays requested on it, and the booking, ledger and e-mails as the
// tests read them. Guests @pay.test.example.com. Each file's room and rows go after the file. The
// payments function and the Stripe stand-in: payments-stripe.ts.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { anonClient, dbDate, sql } from '../support';

export const EMAIL_DOMAIN = 'pay.test.example.com';
let roomId: string;
export let start: string;
let nextDay = 0;

export interface Stay {
  id: string;
  reference: string;
  token: string;
  deposit: number;
}

export async function requestStay(options: { nights?: number; email?: string; from?: number } = {}): Promise<Stay> {
  const offset = options.from ?? (nextDay += 4);
  const { data, error } = await anonClient().rpc('request_booking', {
    p_room_id: roomId,
    p_check_in: addDays(start, offset),
    p_check_out: addDays(start, offset + (options.nights ?? 2)),
    p_guests: 2,
    p_guest_name: 'Paying Guest',
    p_guest_email: options.email ?? `guest@${EMAIL_DOMAIN}`,
    p_language: 'it',
  });
  expect(error).toBeNull();
  const result = data as { booking_id: string; reference: string; deposit_cents: number };
  const [mail] = await sql<{ token: string }>(
    `select data ->> 'token' as token from public.email_outbox where booking_id = $1 and kind = 'request_acknowledgement'`,
    [result.booking_id],
  );
  return { id: result.booking_id, reference: result.reference, token: mail.token, deposit: result.deposit_cents };
}

function addDays(iso: string, days: number) {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const statusOf = async (id: string) =>
  (await sql<{ status: string }>('select status::text from public.bookings where id = $1', [id]))[0].status;
export const ledger = (id: string) =>
  sql<{ kind: string; amount_cents: number; actor: string; provider_refund_id: string | null }>(
    'select kind::text, amount_cents, actor, provider_refund_id from public.payments where booking_id = $1 order by created_at, kind',
    [id],
  );
export const mailKinds = async (id: string) =>
  (
    await sql<{ kind: string }>('select kind from public.email_outbox where booking_id = $1 order by created_at', [id])
  ).map((row) => row.kind);

/**
 * The calling file's set-up: a room of its own; limits cleared before each test; the file's
 * payments, bookings and room removed after the file (the ledger is append-only: triggers off).
 */
export function setUpPayments() {
  beforeAll(async () => {
    start = await dbDate(300);
    const [room] = await sql<{ id: string }>(
      `insert into public.rooms (name, room_number, room_type, status, price_per_night, max_guests)
       values ('Payment room', $1, 'classic', 'available', 120, 2) returning id::text`,
      [`PY-${Math.random().toString(36).slice(2, 8)}`],
    );
    roomId = room.id;
  });

  beforeEach(async () => {
    await sql('truncate private.rate_limit_hits, private.booking_request_origins');
  });

  afterAll(async () => {
    await sql(`do $$ begin
      set local session_replication_role = replica;
      delete from public.payments p using public.bookings b where b.id = p.booking_id and b.room_id = '${roomId}';
      -- with triggers off the outbox keeps its booking ids (no ON DELETE SET NULL): a later dispatch
      -- would meet e-mails whose booking is gone
      delete from public.email_outbox where booking_id in (select id from public.bookings where room_id = '${roomId}');
      delete from public.bookings where room_id = '${roomId}';
      delete from public.rooms where id = '${roomId}';
    end $$`);
  });
}
