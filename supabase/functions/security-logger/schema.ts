import { z } from 'npm:zod@4';
import { SECURITY_EVENT_TYPES as EVENT_TYPES } from '../_shared/constants.ts';

export { EVENT_TYPES };
export const MAX_EVENTS_PER_CALL = 20;
const MAX_METADATA_CHARS = 2000;

/**
 * One event as the spec's body has it. `severity`, `user_id`, `ip_address`, `user_agent` and
 * `timestamp` are accepted for compatibility but never stored: the server decides them.
 */
export const eventSchema = z.object({
  event_type: z.enum(EVENT_TYPES, { error: `event_type must be one of ${EVENT_TYPES.join(', ')}.` }),
  description: z
    .string({ error: 'description must be text.' })
    .trim()
    .min(1, 'description is required.')
    .max(500, 'description must be at most 500 characters.'),
  metadata: z
    .record(z.string(), z.unknown(), { error: 'metadata must be an object.' })
    .nullish()
    .refine((value) => value == null || JSON.stringify(value).length <= MAX_METADATA_CHARS, {
      message: `metadata must be at most ${MAX_METADATA_CHARS} characters of JSON.`,
    }),
  session_id: z.string().max(100, 'session_id must be at most 100 characters.').nullish(),
  severity: z.unknown().optional(),
  user_id: z.unknown().optional(),
  ip_address: z.unknown().optional(),
  user_agent: z.unknown().optional(),
  timestamp: z.unknown().optional(),
});
export type SecurityEvent = z.infer<typeof eventSchema>;

const batchSchema = z.object({
  events: z
    .array(eventSchema, { error: 'events must be a list.' })
    .min(1, 'events must not be empty.')
    .max(MAX_EVENTS_PER_CALL, `At most ${MAX_EVENTS_PER_CALL} events per call.`),
});

/** The spec's single event, or `{events: [...]}` from the app's batching reporter. */
export function parseEvents(body: unknown): { events: SecurityEvent[] } | { error: string } {
  const isBatch = typeof body === 'object' && body !== null && 'events' in body;
  const parsed = isBatch ? batchSchema.safeParse(body) : eventSchema.safeParse(body);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid input' };
  return 'events' in parsed.data ? parsed.data : { events: [parsed.data] };
}

export const retentionSchema = z.object({ action: z.literal('retention') });

/** What is stored: only the fields the client may decide, e-mail in metadata normalised. */
export function storedEvent(event: SecurityEvent) {
  const metadata = event.metadata ? { ...event.metadata } : null;
  if (metadata && typeof metadata.email === 'string')
    metadata.email = metadata.email.trim().toLowerCase().slice(0, 254);
  return {
    event_type: event.event_type,
    description: event.description,
    metadata,
    session_id: event.session_id ?? null,
  };
}
