// police-filing: sends the police report to Alloggiati Web by its web service (issue 41 §1).
//   POST {action: 'send'}   (the scheduler, service-role key) → 200 {sent, refused, skipped}
//        the guests checked in and not yet reported (public.police_filing_queue, check-in order):
//        each line built by _shared/alloggiati.ts, the builder of the staff's download, goes through
//        Test, then Send; each guest's outcome is recorded (record_police_submissions). A token is
//        kept until it expires; a token the service no longer takes is renewed once. The service
//        down: 503 {error: 'service_unavailable'} and nothing recorded, the next run sends again.
//        Every run then raises one alert per stay not reported 2 hours before its deadline.
//   POST {action: 'receipts', day?}  (the scheduler, each morning) → 200 {stored, day, deleted}
//        stores the day's Ricevuta (default yesterday, Rome) in the private bucket police-receipts
//        and deletes the receipts older than 5 years
//   POST {action: 'save_credentials', utente, password, wskey}  (an admin's token)
//        → 200 the masked settings, after GenerateToken and Authentication_Test accepted them;
//        422 {error: 'credentials_refused', detail} when the service refuses them
//   400 bad input · 401/403 not the scheduler or an admin · 503 the service down
import { z } from 'npm:zod@4';
import {
  alloggiatiLine,
  blockingServerProblems,
  portalOrder,
  recordProblems,
  type GuestType,
  type PoliceRecord,
} from '../_shared/alloggiati.ts';
import { adminCaller, bearerToken, env, serviceClient } from '../_shared/clients.ts';
import { errorResponse, jsonResponse } from '../_shared/cors.ts';
import { readInput, servePost } from '../_shared/serve.ts';
import {
  authenticationTest,
  generateToken,
  ricevuta,
  schedine,
  ServiceUnavailable,
  type Esito,
  type Token,
} from './service.ts';

const requestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('send') }),
  z.object({
    action: z.literal('receipts'),
    day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  }),
  z.object({
    action: z.literal('save_credentials'),
    utente: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(200),
    wskey: z.string().trim().min(1).max(500),
  }),
]);

type Service = ReturnType<typeof serviceClient>;
// a token within a minute of its end is not used: a new one is asked for
const TOKEN_MARGIN_MS = 60_000;

interface QueueRow extends Omit<PoliceRecord, 'guest_type' | 'sex'> {
  guest_type: number | null;
  sex: string | null;
  problems: string[];
  filing_id: string | null;
}

interface Account {
  utente: string;
  password: string;
  wskey: string;
  token: string | null;
  token_expires_at: string | null;
}

const isToken = (value: Token | Esito): value is Token => 'token' in value;
const tokenRefused = (esito: Esito) => !esito.esito && /TOKEN/i.test(esito.code);

async function freshToken(service: Service, url: string, account: Account): Promise<string> {
  const token = await generateToken(url, account);
  if (!isToken(token)) throw new Error(`Alloggiati Web refused the account: ${token.code} ${token.text}`);
  const { error } = await service.rpc('police_filing_keep_token', {
    p_token: token.token,
    p_expires_at: token.expires,
  });
  if (error) throw new Error(`police_filing_keep_token: ${error.message}`);
  return token.token;
}

/** The lines ready to go, in the portal's order, with their guests. */
function readyLines(rows: QueueRow[]): { guestIds: string[]; lines: string[] } {
  const records = rows.map((row) => ({
    ...row,
    guest_type: row.guest_type as GuestType | null,
    sex: row.sex as PoliceRecord['sex'],
  }));
  const ready = portalOrder(records).filter(
    (record, _, all) =>
      blockingServerProblems(record.problems).length === 0 && recordProblems(record, all).length === 0,
  );
  return { guestIds: ready.map((record) => record.guest_id), lines: ready.map(alloggiatiLine) };
}

async function savedAccount(service: Service): Promise<Account | undefined> {
  const { data, error } = await service.rpc('police_filing_credentials');
  if (error) throw new Error(`police_filing_credentials: ${error.message}`);
  return (data as Account[] | null)?.[0];
}

const keptToken = (account: Account) =>
  account.token && Date.parse(account.token_expires_at ?? '') - Date.now() > TOKEN_MARGIN_MS ? account.token : null;

async function send(service: Service, url: string) {
  const account = await savedAccount(service);
  if (!account) return { sent: 0, refused: 0, skipped: 'no_credentials' };
  const { data: queue, error: queueError } = await service.rpc('police_filing_queue');
  if (queueError) throw new Error(`police_filing_queue: ${queueError.message}`);
  const { guestIds, lines } = readyLines((queue ?? []) as QueueRow[]);
  if (!lines.length) return { sent: 0, refused: 0, skipped: 'nothing_to_send' };

  let token = keptToken(account) ?? (await freshToken(service, url, account));
  // the portal takes at most 1000 lines a call
  const results: Array<{ guest_id: string; ok: boolean; code?: string; text?: string; detail?: string }> = [];
  for (let start = 0; start < lines.length; start += 1000) {
    const batch = lines.slice(start, start + 1000);
    const ids = guestIds.slice(start, start + 1000);
    let test = await schedine(url, 'Test', account.utente, token, batch);
    if (tokenRefused(test.result)) {
      token = await freshToken(service, url, account);
      test = await schedine(url, 'Test', account.utente, token, batch);
    }
    if (!test.result.esito) throw new Error(`Alloggiati Web refused the Test: ${test.result.code} ${test.result.text}`);
    const passing = batch.filter((_, i) => test.lines[i]?.esito);
    const passingIds = ids.filter((_, i) => test.lines[i]?.esito);
    ids.forEach((id, i) => {
      const esito = test.lines[i];
      if (!esito?.esito)
        results.push({ guest_id: id, ok: false, code: esito?.code, text: esito?.text, detail: esito?.detail });
    });
    if (!passing.length) continue;
    const sent = await schedine(url, 'Send', account.utente, token, passing);
    if (!sent.result.esito) throw new Error(`Alloggiati Web refused the Send: ${sent.result.code} ${sent.result.text}`);
    passingIds.forEach((id, i) => {
      const esito = sent.lines[i];
      results.push(
        esito?.esito
          ? { guest_id: id, ok: true }
          : { guest_id: id, ok: false, code: esito?.code, text: esito?.text, detail: esito?.detail },
      );
    });
  }
  const { error } = await service.rpc('record_police_submissions', { p_results: results });
  if (error) throw new Error(`record_police_submissions: ${error.message}`);
  return { sent: results.filter((r) => r.ok).length, refused: results.filter((r) => !r.ok).length };
}

const RECEIPTS = 'police-receipts';

/** The day before today in Rome. */
function romeYesterday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now() - 86_400_000);
}

/**
 * Stores the day's receipt (default yesterday) in the private bucket, then deletes the receipts
 * older than 5 years: the receipts' retention.
 */
async function receipts(service: Service, url: string, day = romeYesterday()) {
  const account = await savedAccount(service);
  if (!account) return { stored: false, skipped: 'no_credentials' };
  let token = keptToken(account) ?? (await freshToken(service, url, account));
  let pdf = await ricevuta(url, account.utente, token, day);
  if (!(pdf instanceof Uint8Array) && tokenRefused(pdf)) {
    token = await freshToken(service, url, account);
    pdf = await ricevuta(url, account.utente, token, day);
  }
  let stored = false;
  if (pdf instanceof Uint8Array) {
    const path = `${day.slice(0, 4)}/${day}.pdf`;
    const upload = await service.storage
      .from(RECEIPTS)
      .upload(path, pdf, { contentType: 'application/pdf', upsert: true });
    if (upload.error) throw new Error(`storing the receipt: ${upload.error.message}`);
    const { error } = await service.rpc('record_police_receipt', { p_day: day, p_path: path, p_size: pdf.length });
    if (error) throw new Error(`record_police_receipt: ${error.message}`);
    stored = true;
  }
  const { data: expired, error } = await service.rpc('expire_police_receipts');
  if (error) throw new Error(`expire_police_receipts: ${error.message}`);
  const paths = (expired ?? []) as string[];
  if (paths.length) {
    const removed = await service.storage.from(RECEIPTS).remove(paths);
    if (removed.error) throw new Error(`deleting old receipts: ${removed.error.message}`);
  }
  return { stored, day, deleted: paths.length, ...(stored ? {} : { refused: (pdf as Esito).code }) };
}

/** One alert per stay still not reported 2 hours before its deadline (also while the service is down). */
async function raiseDeadlineAlerts(service: Service) {
  const { error } = await service.rpc('raise_police_deadline_alerts');
  if (error) console.error(`[police-filing] raise_police_deadline_alerts: ${error.message}`);
}

async function saveCredentials(
  request: Request,
  url: string,
  input: { utente: string; password: string; wskey: string },
) {
  const caller = await adminCaller(request, 'change the Alloggiati Web account');
  if (caller instanceof Response) return caller;
  const token = await generateToken(url, input);
  const test = isToken(token) ? await authenticationTest(url, input.utente, token.token) : token;
  if (!test.esito) {
    return jsonResponse({ error: 'credentials_refused', code: test.code, detail: test.text }, 422);
  }
  const { data, error } = await caller.db.rpc('set_paperwork_credentials', {
    p_service: 'alloggiati',
    p_user: input.utente,
    p_password: input.password,
    p_key: input.wskey,
    p_tested: true,
  });
  if (error) return errorResponse(error.message, error.code === '42501' ? 403 : 400);
  return jsonResponse(data);
}

async function handle(request: Request): Promise<Response> {
  const input = await readInput(request, 8 * 1024, requestSchema);
  const url = Deno.env.get('ALLOGGIATI_URL') ?? 'https://alloggiatiweb.poliziadistato.it/service/Service.asmx';
  try {
    if (input.action === 'save_credentials') return await saveCredentials(request, url, input);
    if (bearerToken(request) !== env('SUPABASE_SERVICE_ROLE_KEY')) {
      return errorResponse('Only the scheduler may send the police report', 403);
    }
    const service = serviceClient();
    if (input.action === 'receipts') return jsonResponse(await receipts(service, url, input.day));
    const outcome = await send(service, url).finally(() => raiseDeadlineAlerts(service));
    return jsonResponse(outcome);
  } catch (error) {
    if (error instanceof ServiceUnavailable) {
      console.error(`[police-filing] ${error.message}`);
      return jsonResponse({ error: 'service_unavailable' }, 503);
    }
    throw error;
  }
}

servePost('police-filing', 'The police report could not be sent', handle);
