import { z } from 'zod';
import { toNumberOrNull, toNumberOrZero } from './number';

/** A numeric form field typed as text: non-numeric input becomes 0, then `schema` checks the number. */
export function numberField<T extends z.ZodType<number, number>>(schema: T) {
  return z.union([z.string(), z.number()]).transform(toNumberOrZero).pipe(schema);
}

/** An optional numeric field: empty becomes null, anything else must pass `schema`. */
export function optionalNumberField<T extends z.ZodType<number, number>>(schema: T) {
  return z.union([z.string(), z.number(), z.null()]).transform(toNumberOrNull).pipe(schema.nullable());
}

/** Optional text: trimmed, blank becomes null. */
export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value));
