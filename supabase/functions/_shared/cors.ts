// CORS for edge functions called from the browser (supabase-js sends authorization, apikey,
// x-client-info and content-type). Every response, including errors, carries these headers.
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

/** The answer to a CORS preflight, or null when the request is not one. */
export function handleCorsPreflight(request: Request): Response | null {
  if (request.method !== 'OPTIONS') return null;
  return new Response(null, { status: 204, headers: corsHeaders });
}

/** A JSON response with CORS headers. */
export function jsonResponse(body: unknown, status = 200, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8', ...extraHeaders },
  });
}

/** `{ error: message }` with a 4xx/5xx status. */
export function errorResponse(message: string, status = 400, extraHeaders: Record<string, string> = {}): Response {
  return jsonResponse({ error: message }, status, extraHeaders);
}

/**
 * The caller's address as the trusted proxy in front set it, or null: hosted Supabase's
 * Cloudflare writes cf-connecting-ip (overwriting a client's) and appends to x-forwarded-for; the
 * local gateway drops every forwarding header a client sends and writes x-forwarded-for with one
 * entry. So cf-connecting-ip, else the last x-forwarded-for entry; never x-real-ip or the first
 * entry, which a client controls. The same rule as private.client_address() in SQL.
 */
export function clientAddress(request: Request): string | null {
  const candidate =
    request.headers.get('cf-connecting-ip')?.trim() ||
    (request.headers.get('x-forwarded-for') ?? '').split(',').pop()?.trim() ||
    '';
  return isIpAddress(candidate) ? candidate : null;
}

function isIpAddress(value: string): boolean {
  if (/^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(value)) return true;
  if (!value.includes(':') || !/^[0-9a-fA-F:.]+$/.test(value)) return false;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}
