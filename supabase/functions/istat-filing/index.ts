// istat-filing: sends the ISTAT movement to Lazio's Ross1000 by its web service (issue 41 §2).
//   POST {action: 'send'}  (the scheduler with the service-role key, or a staff member's token after
//        a retry) → 200 {sent, refused, waiting}
//        the days not yet accepted, in date order (public.istat_filing_due: from the first such day,
//        each with its record built by private.ross1000_movimento), one inviaMovimentazione each;
//        each outcome is recorded (record_istat_day). The first day refused stops the run: the days
//        after it wait until it is accepted. The service down or slow: the day waits with a back-off
//        and the answer is 503 {error: 'service_unavailable'}. Every run then raises one alert per
//        month with a day still not accepted on the 3rd of the next month.
//   POST {action: 'save_credentials', utente, password, structure}  (an admin's token)
//        → 200 the masked settings, after Ross1000 accepted the account (a movimentazione with no
//        day); 422 {error: 'credentials_refused', detail} when it refuses them
//   400 bad input · 401/403 not the scheduler, staff or an admin · 503 the service down
import { z } from 'npm:zod@4';
import { adminCaller, bearerToken, callerClient, env, serviceClient } from '../_shared/clients.ts';
import { errorResponse, jsonResponse } from '../_shared/cors.ts';
import { readInput, servePost } from '../_shared/serve.ts';
import { CallRefused, inviaMovimentazione, ServiceUnavailable, type Account, type RecordError } from './service.ts';

const requestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('send') }),
  z.object({
    action: z.literal('save_credentials'),
    utente: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(200),
    structure: z.string().trim().min(1).max(50),
  }),
]);

type Service = ReturnType<typeof serviceClient>;

interface DueDay {
  day: string;
  movimento: Record<string, unknown>;
  record_hash: string;
}

async function record(
  service: Service,
  due: DueDay,
  outcome: 'sent' | 'refused' | 'unavailable',
  errors: Array<Partial<RecordError>> = [],
) {
  const { error } = await service.rpc('record_istat_day', {
    p_day: due.day,
    p_outcome: outcome,
    p_record: due.movimento,
    p_record_hash: due.record_hash,
    p_errors: errors,
  });
  if (error) throw new Error(`record_istat_day: ${error.message}`);
}

async function send(service: Service, url: string) {
  const { data: accounts, error: accountError } = await service.rpc('istat_filing_credentials');
  if (accountError) throw new Error(`istat_filing_credentials: ${accountError.message}`);
  const account = (accounts as Account[] | null)?.[0];
  if (!account) return { sent: 0, refused: 0, waiting: 0, skipped: 'no_credentials' };
  const { data, error } = await service.rpc('istat_filing_due');
  if (error) throw new Error(`istat_filing_due: ${error.message}`);
  const due = (data ?? []) as DueDay[];
  let sent = 0;
  for (const day of due) {
    let results;
    try {
      results = await inviaMovimentazione(url, account, [day.movimento]);
    } catch (failure) {
      if (failure instanceof ServiceUnavailable || failure instanceof CallRefused) {
        await record(service, day, 'unavailable', [
          { code: failure instanceof CallRefused ? failure.code : 'unavailable', text: failure.message },
        ]);
        if (failure instanceof ServiceUnavailable) throw failure;
        return { sent, refused: 0, waiting: due.length - sent, error: failure.code };
      }
      throw failure;
    }
    const result = results[0];
    if (!result) {
      await record(service, day, 'unavailable', [{ code: 'no_result', text: 'Ross1000 gave no result for the day.' }]);
      return { sent, refused: 0, waiting: due.length - sent };
    }
    if (!result.esito) {
      await record(service, day, 'refused', result.errors.length ? result.errors : [{ code: 'refused', text: '' }]);
      return { sent, refused: 1, waiting: due.length - sent - 1 };
    }
    await record(service, day, 'sent');
    sent += 1;
  }
  return { sent, refused: 0, waiting: 0 };
}

/** One alert per month with a day not accepted on the 3rd of the next month (also while the service is down). */
async function raiseUnsentAlerts(service: Service) {
  const { error } = await service.rpc('raise_istat_unsent_alerts');
  if (error) console.error(`[istat-filing] raise_istat_unsent_alerts: ${error.message}`);
}

async function saveCredentials(request: Request, url: string, input: Account) {
  const caller = await adminCaller(request, 'change the Ross1000 account');
  if (caller instanceof Response) return caller;
  try {
    await inviaMovimentazione(url, input, []);
  } catch (failure) {
    if (failure instanceof CallRefused) {
      return jsonResponse({ error: 'credentials_refused', code: failure.code, detail: failure.message }, 422);
    }
    throw failure;
  }
  const { data, error } = await caller.db.rpc('set_paperwork_credentials', {
    p_service: 'ross1000',
    p_user: input.utente,
    p_password: input.password,
    p_key: input.structure,
    p_tested: true,
  });
  if (error) return errorResponse(error.message, error.code === '42501' ? 403 : 400);
  return jsonResponse(data);
}

/** The scheduler (service-role key) or a signed-in staff member may ask for a run. */
async function mayRun(request: Request): Promise<Response | null> {
  const token = bearerToken(request);
  if (token && token === env('SUPABASE_SERVICE_ROLE_KEY')) return null;
  if (!token) return errorResponse('Sign in as staff to send the ISTAT movement.', 401);
  const db = callerClient(token);
  const { data: user } = await db.auth.getUser(token);
  if (!user.user) return errorResponse('Sign in as staff to send the ISTAT movement.', 401);
  const { data: isStaff, error } = await db.rpc('is_staff');
  if (error || isStaff !== true) return errorResponse('Only staff can send the ISTAT movement.', 403);
  return null;
}

async function handle(request: Request): Promise<Response> {
  const input = await readInput(request, 8 * 1024, requestSchema);
  const url = Deno.env.get('ROSS1000_URL') ?? 'https://lazioturismo.ross1000.it/ws/checkinV2';
  try {
    if (input.action === 'save_credentials') return await saveCredentials(request, url, input);
    const refused = await mayRun(request);
    if (refused) return refused;
    const service = serviceClient();
    const outcome = await send(service, url).finally(() => raiseUnsentAlerts(service));
    return jsonResponse(outcome);
  } catch (error) {
    if (error instanceof ServiceUnavailable) {
      console.error(`[istat-filing] ${error.message}`);
      return jsonResponse({ error: 'service_unavailable' }, 503);
    }
    throw error;
  }
}

servePost('istat-filing', 'The ISTAT movement could not be sent', handle);
