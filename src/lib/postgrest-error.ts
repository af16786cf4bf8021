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

export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505');
}

/** e.g. deleting a room that bookings still refer to */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, '23503');
}

/**
 * The spec's failure text, followed by the database's own explanation when it refused on purpose
 * (`raise exception … using errcode 'P0001'` or a privilege refusal, 42501), e.g.
 * "Failed to update user role. The last administrator cannot be demoted."
 */
export function failureText(text: string, error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined;
  const message = errorMessage(error);
  return (code === 'P0001' || code === '42501') && message ? `${text}. ${message}` : text;
}
