/** The text of a PostgREST / supabase-js error (or any Error), if it has one. */
export function errorMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return undefined;
}

function hasCode(error: unknown, code: string): boolean {
  return !!error && typeof error === 'object' && 'code' in error && error.code === code;
}

/** The database refused because the staff member signed in without their second factor (private.require_aal2). */
export function needsSecondFactor(error: unknown): boolean {
  return (
    hasCode(error, '42501') && !!error && typeof error === 'object' && 'hint' in error && error.hint === 'aal2_required'
  );
}

export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505');
}

/** e.g. deleting a room that bookings still refer to */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, '23503');
}

/** A refusal as the database raised it: its code (the hint, '' without one), sentence and values. */
export interface RaisedRefusal {
  code: string;
  message: string;
  details?: unknown;
}

/** How the screens word a refusal; the server's English sentence unless a screen installs its own. */
export type RefusalWording = (refusal: RaisedRefusal) => string;

let wording: RefusalWording = (refusal) => refusal.message;

/**
 * The staff portal words refusals in its language (src/lib/i18n/portal-refusals.ts, installed by
 * the admin tree): a hook, so the public pages never load the portal's sentences.
 */
export function wordRefusalsWith(next: RefusalWording) {
  wording = next;
}

/** A refusal (a quote's problem, a raised error's parts) in the words of the screen. */
export const wordRefusal = (refusal: RaisedRefusal) => wording(refusal);

/** The errcodes the SQL raises on purpose, with a sentence for the reader (see supabase/schema). */
const DELIBERATE = new Set(['P0001', 'P0002', '22023', '42501', 'PT404', 'PT405', 'PT409']);

/**
 * The database's own explanation when it refused on purpose (`raise exception … using errcode
 * 'P0001'`, a privilege refusal, 42501, a bad value, 22023, an HTTP status such as PT409), e.g. "This room is not available for
 * the selected dates.", in the words of the screen; undefined for anything else (a network
 * failure, an unexpected error).
 */
export function refusalMessage(error: unknown): string | undefined {
  const message = errorMessage(error);
  if (!message || !error || typeof error !== 'object' || !('code' in error)) return undefined;
  if (typeof error.code !== 'string' || !DELIBERATE.has(error.code)) return undefined;
  const hint = 'hint' in error && typeof error.hint === 'string' ? error.hint : '';
  return wording({ code: hint, message, details: 'details' in error ? error.details : undefined });
}

/**
 * The spec's failure text, followed by the database's own explanation when it refused on purpose,
 * e.g. "Failed to update user role. The last administrator cannot be demoted."
 */
export function failureText(text: string, error: unknown): string {
  const message = refusalMessage(error);
  return message ? `${text}. ${message}` : text;
}
