// privacy-retention: the scheduled privacy job (issue 34 §7). Called by the local scheduler with the
// service-role key only (hosted projects run public.run_privacy_retention() from pg_cron instead):
//   POST {} → 200 {bookings_anonymised, contact_messages_deleted}
//        anonymises the contact details of stays that ended the retention period ago and deletes
//        contact messages older than theirs (compliance_settings)
//   403 not the service role · 405 wrong method · 413 too large
import { z } from 'npm:zod@4';
import { bearerToken, env, serviceClient } from '../_shared/clients.ts';
import { errorResponse, jsonResponse } from '../_shared/cors.ts';
import { readInput, servePost } from '../_shared/serve.ts';

async function handle(request: Request): Promise<Response> {
  if (bearerToken(request) !== env('SUPABASE_SERVICE_ROLE_KEY')) {
    return errorResponse('Only the scheduler may run the privacy retention', 403);
  }
  await readInput(request, 1024, z.object({}).strict());
  const { data, error } = await serviceClient().rpc('run_privacy_retention');
  if (error) throw new Error(`run_privacy_retention: ${error.message}`);
  return jsonResponse(data);
}

servePost('privacy-retention', 'The privacy retention failed', handle);
