// security-logger: records security events reported by the app.
//   POST {event_type, severity, description, metadata, user_id, ip_address, user_agent, timestamp,
//         session_id} or {events: [...]} (at most 20) → 200 {accepted}
//   POST {action: "retention"} with the service-role key → 200 {…rows changed} (the scheduled job)
//   400 bad input · 403 retention without the service role · 405 wrong method · 413 too large · 429 rate limit
// The caller's address comes from the gateway's x-forwarded-for, the user from the verified JWT
// (anonymous allowed), the user agent from the request; severity and risk are decided in SQL
// (public.record_security_events), which also counts events per address and minute.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { bearerToken } from '../_shared/clients.ts';
import { clientAddress, errorResponse, jsonResponse } from '../_shared/cors.ts';
import { readJson, servePost } from '../_shared/serve.ts';
import { parseEvents, retentionSchema, storedEvent } from './schema.ts';

const MAX_BODY_BYTES = 32 * 1024;
const EVENTS_PER_MINUTE_PER_ADDRESS = 120;

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };

/** The signed-in user's id when the token is a valid user session, else null (anonymous). */
async function verifiedUserId(url: string, anonKey: string, token: string | null): Promise<string | null> {
  if (!token || token === anonKey) return null;
  const { data, error } = await createClient(url, anonKey, clientOptions).auth.getUser(token);
  return error ? null : (data.user?.id ?? null);
}

servePost('security-logger', 'The security logger failed', async (request) => {
  const body = await readJson(request, MAX_BODY_BYTES);

  const url = Deno.env.get('SUPABASE_URL');
  const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !anonKey || !serviceKey) {
    console.error('[security-logger] SUPABASE_URL, SUPABASE_ANON_KEY or SUPABASE_SERVICE_ROLE_KEY is not set');
    return errorResponse('The security logger is not configured', 500);
  }
  const db = createClient(url, serviceKey, clientOptions);
  const token = bearerToken(request);

  if (retentionSchema.safeParse(body).success) {
    if (token !== serviceKey) return errorResponse('Retention is run by the scheduler only', 403);
    const { data, error } = await db.rpc('security_retention');
    if (error) {
      console.error(`[security-logger] retention failed: ${error.message}`);
      return errorResponse('Retention failed', 500);
    }
    return jsonResponse(data);
  }

  const parsed = parseEvents(body);
  if ('error' in parsed) return errorResponse(parsed.error, 400);

  const address = clientAddress(request);
  if (!address) return errorResponse("The caller's address is unknown", 400);
  const userId = await verifiedUserId(url, anonKey, token);
  const { data, error } = await db.rpc('record_security_events', {
    p_address: address,
    p_user_id: userId,
    p_user_agent: request.headers.get('user-agent') ?? '',
    p_events: parsed.events.map(storedEvent),
    p_limit_per_minute: EVENTS_PER_MINUTE_PER_ADDRESS,
  });
  if (error) {
    console.error(`[security-logger] could not record events: ${error.message}`);
    return errorResponse('Could not record the events', 500);
  }
  const result = data as { accepted?: number; rate_limited?: boolean };
  if (result.rate_limited)
    return errorResponse('Too many security events from this address', 429, { 'Retry-After': '60' });
  return jsonResponse({ accepted: result.accepted });
});
