import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '@shared/constants';
import { missingUrl, type WebhookEndpoint, type WebhookEvent } from './webhooks';

/** The endpoint form's rules, with messages in the portal's language. */
export const endpointFormSchema = () =>
  z.object({
    url: z
      .string()
      .trim()
      .min(1, missingUrl().description)
      .max(2000, t`The URL must be at most 2000 characters.`)
      .refine((value) => /^https?:\/\/\S+$/i.test(value), t`Enter a full URL starting with https://`),
    description: z
      .string()
      .trim()
      .max(200, t`The description must be at most 200 characters.`),
    event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, t`Choose at least one event.`),
    include_guest_details: z.boolean(),
  });

export type EndpointFormValues = z.infer<ReturnType<typeof endpointFormSchema>>;

export function endpointFormDefaults(endpoint?: WebhookEndpoint | null): EndpointFormValues {
  return {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    event_types: (endpoint?.event_types as WebhookEvent[] | undefined) ?? ['booking.requested'],
    include_guest_details: endpoint?.include_guest_details ?? false,
  };
}
