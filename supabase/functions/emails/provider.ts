// Where an e-mail goes: Resend's HTTP API when RESEND_API_KEY is set, else the local platform's
// inbox (LOCAL_INBOX_URL). Each send carries an Idempotency-Key (the outbox row's id): a dispatcher
// that dies after the provider accepted a message, before recording it, is followed by one that
// sends it again with the same key, and the provider keeps one copy. The header fields are built
// by _shared/email-headers.ts, which refuses a line break in any of them.
import { emailHeaders } from '../_shared/email-headers.ts';

export interface OutgoingEmail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type SendResult = { sent: true; providerMessageId: string | null } | { sent: false; error: string };

const TIMEOUT_MS = 10_000;

async function post(url: string, token: string, idempotencyKey: string, body: unknown): Promise<SendResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await response.text()).slice(0, 2000);
    if (!response.ok)
      return { sent: false, error: `The provider answered ${response.status}: ${answer.slice(0, 300)}` };
    let id: string | null = null;
    try {
      id = (JSON.parse(answer) as { id?: string }).id ?? null;
    } catch {
      // an answer without an id is still a delivery
    }
    return { sent: true, providerMessageId: id };
  } catch (error) {
    return { sent: false, error: `The provider could not be reached: ${(error as Error).message}` };
  }
}

export function sendEmail(mail: OutgoingEmail): Promise<SendResult> {
  const from = Deno.env.get('BOOKING_FROM_EMAIL') ?? 'Colosseum Guest House <onboarding@resend.dev>';
  const resendKey = Deno.env.get('RESEND_API_KEY');
  const message = { ...emailHeaders({ from, to: mail.to, subject: mail.subject }), text: mail.text, html: mail.html };
  if (resendKey) return post('https://api.resend.com/emails', resendKey, `email-${mail.id}`, message);
  const inboxUrl = Deno.env.get('LOCAL_INBOX_URL');
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (inboxUrl && serviceKey) return post(inboxUrl, serviceKey, `email-${mail.id}`, { ...message, kind: mail.kind });
  return Promise.resolve({ sent: false, error: 'No e-mail provider is configured: set RESEND_API_KEY.' });
}
