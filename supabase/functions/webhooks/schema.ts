import { z } from 'npm:zod@4';
// The event types an endpoint may subscribe to (webhook.test is only sent on demand; the deploy
// hook's site.rebuild and deploy_hook.test are never an endpoint's).
import { WEBHOOK_EVENT_TYPES } from '../_shared/constants.ts';

const endpointFields = {
  url: z
    .string({ error: 'Please enter your Zapier webhook URL' })
    .trim()
    .min(1, 'Please enter your Zapier webhook URL')
    .max(2000, 'The URL must be at most 2000 characters.'),
  description: z.string().trim().max(200, 'The description must be at most 200 characters.').default(''),
  event_types: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event type.' }))
    .min(1, 'Choose at least one event.')
    .transform((types) => [...new Set(types)]),
  include_guest_details: z.boolean().default(false),
};

const id = z.uuid('A valid id is required.');

export const requestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('dispatch'), limit: z.number().int().min(1).max(200).default(50) }),
    z.object({ action: z.literal('create'), ...endpointFields }),
    z.object({ action: z.literal('update'), id, enabled: z.boolean(), ...endpointFields }),
    z.object({ action: z.literal('rotate_secret'), id }),
    z.object({ action: z.literal('test'), id }),
    z.object({ action: z.literal('replay'), delivery_id: id }),
    z.object({
      action: z.literal('set_deploy_hook'),
      url: z
        .string({ error: 'Please enter the deploy hook URL.' })
        .trim()
        .min(1, 'Please enter the deploy hook URL.')
        .max(2000, 'The URL must be at most 2000 characters.'),
    }),
    z.object({ action: z.literal('remove_deploy_hook') }),
    z.object({ action: z.literal('test_deploy_hook') }),
  ],
  { error: 'Unknown action.' },
);

export type WebhooksRequest = z.infer<typeof requestSchema>;
