import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '@shared/constants';
import { MISSING_URL, type WebhookEndpoint, type WebhookEvent } from './webhooks';

export const endpointFormSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, MISSING_URL.description)
    .max(2000, 'The URL must be at most 2000 characters.')
    .refine((value) => /^https?:\/\/\S+$/i.test(value), 'Enter a full URL starting with https://'),
  description: z.string().trim().max(200, 'The description must be at most 200 characters.'),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'Choose at least one event.'),
  include_guest_details: z.boolean(),
});

export type EndpointFormValues = z.infer<typeof endpointFormSchema>;

export function endpointFormDefaults(endpoint?: WebhookEndpoint | null): EndpointFormValues {
  return {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    event_types: (endpoint?.event_types as WebhookEvent[] | undefined) ?? ['booking.requested'],
    include_guest_details: endpoint?.include_guest_details ?? false,
  };
}
