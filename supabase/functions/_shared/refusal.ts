import { jsonResponse } from './cors.ts';

export type DbError = { message: string; hint?: string | null; code?: string };

const STATUS_BY_CODE: Record<string, number> = {
  rate_limited: 429,
  too_many_attempts: 429,
  link_not_valid: 404,
  no_address: 400,
};

/**
 * A database refusal as the HTTP answer the site reads: not found (P0002, or a P0001 whose
 * sentence ends "not found.") is a 404; any other P0001 answers its code (the hint) with the status
 * that code means, 409 by default. Anything else is no refusal: it is thrown (a 500).
 */
export function refusalResponse(error: DbError, notFoundCode: string): Response {
  if (error.code === 'P0002' || (error.code === 'P0001' && /not found\.?$/i.test(error.message)))
    return jsonResponse({ error: error.message, code: error.hint ?? notFoundCode }, 404);
  if (error.code !== 'P0001') throw new Error(error.message);
  return jsonResponse({ error: error.message, code: error.hint ?? 'refused' }, STATUS_BY_CODE[error.hint ?? ''] ?? 409);
}
