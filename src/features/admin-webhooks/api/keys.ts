export const webhookKeys = {
  all: ['admin', 'webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, 'deliveries', endpointId] as const,
};
