// checkin-retention: the scheduled erasure of identity document numbers (issue 34).
//   POST {action: "erase"} with the service-role key → 200 {erased} (document numbers of stays
//   that ended checkin_settings.document_retention_days ago, erased by
//   public.erase_expired_identity_documents)
//   400 bad input · 403 not the service role · 405 wrong method · 413 too large
// No identity data passes through here: the database does the work and answers a count.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { z } from 'npm:zod@4';
import { bearerToken } from '../_shared/clients.ts';
import { errorResponse, jsonResponse } from '../_shared/cors.ts';
import { readJson, servePost } from '../_shared/serve.ts';

const bodySchema = z.object({ action: z.literal('erase') }).strict();

servePost('checkin-retention', 'The identity erasure failed', async (request) => {
  const body = await readJson(request, 1024);
  if (!bodySchema.safeParse(body).success) return errorResponse('Expected {"action": "erase"}', 400);

  const url = Deno.env.get('SUPABASE_URL');
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !serviceKey) {
    console.error('[checkin-retention] SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is not set');
    return errorResponse('The identity erasure is not configured', 500);
  }
  if (bearerToken(request) !== serviceKey) return errorResponse('The erasure is run by the scheduler only', 403);

  const db = createClient(url, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await db.rpc('erase_expired_identity_documents');
  if (error) {
    console.error(`[checkin-retention] erasure failed: ${error.code}`);
    return errorResponse('The identity erasure failed', 500);
  }
  return jsonResponse({ erased: data });
});
