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

/** What a screen says when it needs the second factor (the database's own reason is for the API). */
export const SECOND_FACTOR_TEXT =
  'This needs two-factor sign-in. Reload the page to confirm your sign-in with the code from your authenticator app.';

export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505');
}

/** e.g. deleting a room that bookings still refer to */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, '23503');
}

/**
 * The database's own explanation when it refused on purpose (`raise exception … using errcode
 * 'P0001'` or a privilege refusal, 42501), e.g. "This room is not available for the selected
 * dates."; undefined for anything else (a network failure, an unexpected error).
 */
export function refusalMessage(error: unknown): string | undefined {
  return hasCode(error, 'P0001') || hasCode(error, '42501') ? errorMessage(error) : undefined;
}

/**
 * The spec's failure text, followed by the database's own explanation when it refused on purpose,
 * e.g. "Failed to update user role. The last administrator cannot be demoted."
 */
export function failureText(text: string, error: unknown): string {
  if (needsSecondFactor(error)) return `${text}. ${SECOND_FACTOR_TEXT}`;
  const message = refusalMessage(error);
  return message ? `${text}. ${message}` : text;
}
