// send-contact-email: stores a contact-form message, then e-mails the host.
//   POST {name, email, phone | null, message} → 200 {id, email_status}
//   400 bad input · 405 wrong method · 413 body too large · 429 too many messages · 500 storage failure
// The message is stored (service role) before any e-mail is attempted, so a mail failure loses
// nothing. With RESEND_API_KEY set, the host gets an e-mail through Resend and the row records
// 'sent' or 'failed'; without it, one "[outbox]" line is written to stdout (shown by `npm start`),
// the message goes to the local platform's inbox when LOCAL_INBOX_URL is set, and the row stays
// 'pending'.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { clientAddress, errorResponse, jsonResponse } from '../_shared/cors.ts';
import { emailHeaders } from '../_shared/email-headers.ts';
import { readInput, servePost } from '../_shared/serve.ts';
import { contactSchema, type ContactInput } from './schema.ts';

const RATE_LIMIT = 5;
const RATE_WINDOW = '10 minutes';
const MAX_BODY_BYTES = 32 * 1024;
const DEFAULT_HOST_EMAIL = 'info@colosseumguesthouse.example';

function serviceClient(url: string, serviceKey: string) {
  return createClient(url, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
}
type Db = ReturnType<typeof serviceClient>;

/**
 * Stores the message unless this address already sent RATE_LIMIT within the window; null when
 * limited. The check and the insert are one database call under a per-address lock.
 */
async function storeMessage(db: Db, input: ContactInput, address: string): Promise<string | null> {
  const { data, error } = await db.rpc('store_contact_message', {
    p_name: input.name,
    p_email: input.email,
    p_phone: input.phone ?? undefined,
    p_message: input.message,
    p_client_ip: address,
    p_max_messages: RATE_LIMIT,
    p_window: RATE_WINDOW,
  });
  if (error) throw error;
  return data as string | null;
}

async function hostEmail(db: Db): Promise<string> {
  const configured = Deno.env.get('CONTACT_TO_EMAIL');
  if (configured) return configured;
  const { data } = await db.from('site_content').select('value').eq('key', 'contact_email').maybeSingle();
  return (data as { value?: string } | null)?.value?.trim() || DEFAULT_HOST_EMAIL;
}

function mailText(input: ContactInput): string {
  return [
    `New message from the website contact form`,
    '',
    `Name: ${input.name}`,
    `Email: ${input.email}`,
    `Phone: ${input.phone ?? 'Not provided'}`,
    '',
    input.message,
  ].join('\n');
}

/** The header fields, built by the one helper that refuses a line break in any of them. */
function mailHeaders(from: string, to: string, input: ContactInput) {
  return emailHeaders({ from, to, subject: `Website message from ${input.name}`, replyTo: input.email });
}

async function sendWithResend(apiKey: string, to: string, input: ContactInput): Promise<boolean> {
  const from = Deno.env.get('CONTACT_FROM_EMAIL') ?? 'Colosseum Guest House <onboarding@resend.dev>';
  try {
    const response = await fetch('https://api.resend.com/emails', {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...mailHeaders(from, to, input), text: mailText(input) }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok)
      console.error(`[send-contact-email] Resend answered ${response.status}: ${await response.text()}`);
    return response.ok;
  } catch (error) {
    console.error(`[send-contact-email] Resend request failed: ${(error as Error).message}`);
    return false;
  }
}

/** The local platform's inbox (LOCAL_INBOX_URL): the host's copy, readable at {API}/inbox. */
async function deliverToLocalInbox(inboxUrl: string, serviceKey: string, to: string, input: ContactInput) {
  try {
    const response = await fetch(inboxUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...mailHeaders(input.email, to, input), text: mailText(input), kind: 'contact' }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) console.error(`[send-contact-email] the local inbox answered ${response.status}`);
  } catch (error) {
    console.error(`[send-contact-email] the local inbox is unreachable: ${(error as Error).message}`);
  }
}

servePost('send-contact-email', 'Could not save your message. Please try again.', async (request) => {
  const input = await readInput(request, MAX_BODY_BYTES, contactSchema);

  const url = Deno.env.get('SUPABASE_URL');
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !serviceKey) {
    console.error('[send-contact-email] SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is not set');
    return errorResponse('The message service is not configured', 500);
  }
  const address = clientAddress(request);
  if (!address) return errorResponse('We could not tell where your message comes from. Please try again.', 400);
  const db = serviceClient(url, serviceKey);

  let id: string | null;
  try {
    id = await storeMessage(db, input, address);
  } catch (error) {
    console.error(`[send-contact-email] could not store the message: ${JSON.stringify(error)}`);
    return errorResponse('Could not save your message. Please try again.', 500);
  }
  if (id === null) {
    return errorResponse('Too many messages. Please try again in a few minutes.', 429, { 'Retry-After': '600' });
  }

  const to = await hostEmail(db);
  const apiKey = Deno.env.get('RESEND_API_KEY');
  let emailStatus = 'pending';
  if (apiKey) {
    emailStatus = (await sendWithResend(apiKey, to, input)) ? 'sent' : 'failed';
    const { error } = await db.from('contact_messages').update({ email_status: emailStatus }).eq('id', id);
    if (error) console.error(`[send-contact-email] could not record the e-mail status: ${error.message}`);
  } else {
    // Every value a visitor typed is JSON-quoted: a newline or quote cannot start a forged log line.
    console.log(
      `[outbox] to=${JSON.stringify(to)} from=${JSON.stringify(input.email)} name=${JSON.stringify(input.name)} ` +
        `phone=${JSON.stringify(input.phone)} id=${id} message=${JSON.stringify(input.message)}`,
    );
    const inboxUrl = Deno.env.get('LOCAL_INBOX_URL');
    if (inboxUrl) await deliverToLocalInbox(inboxUrl, serviceKey, to, input);
  }

  return jsonResponse({ id, email_status: emailStatus });
});
