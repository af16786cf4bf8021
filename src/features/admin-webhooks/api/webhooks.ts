import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/edge-functions';
import { useRefreshingMutation } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import type { AttemptResult, WebhookDelivery, WebhookEndpoint } from '../logic/webhooks';
import type { EndpointFormValues } from '../logic/schemas';

const ENDPOINT_COLUMNS =
  'id, url, description, event_types, include_guest_details, enabled, disabled_reason, failing_since, created_at';
const DELIVERY_COLUMNS =
  'id, event_type, status, attempt_count, created_at, last_attempt_at, last_response_status, last_latency_ms, last_response_excerpt, last_error, next_attempt_at, replay_of';
const LOG_SIZE = 50;

export const webhookQueries = {
  endpoints: () =>
    queryOptions({
      queryKey: ['webhook-endpoints'],
      queryFn: async (): Promise<WebhookEndpoint[]> => {
        const { data, error } = await supabase
          .from('webhook_endpoints')
          .select(ENDPOINT_COLUMNS)
          .order('created_at', { ascending: false });
        if (error) throw error;
        return data;
      },
      meta: { errorText: t`Failed to load webhooks` },
    }),
  /** the newest deliveries of one endpoint; polled while some are still waiting to be sent */
  deliveries: (endpointId: string) =>
    queryOptions({
      queryKey: ['webhook-deliveries', endpointId],
      queryFn: async (): Promise<WebhookDelivery[]> => {
        const { data, error } = await supabase
          .from('webhook_deliveries')
          .select(DELIVERY_COLUMNS)
          .eq('endpoint_id', endpointId)
          .order('created_at', { ascending: false })
          .limit(LOG_SIZE);
        if (error) throw error;
        return data;
      },
      refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 5000 : false),
      meta: { errorText: t`Failed to load the delivery log` },
    }),
};

interface CreatedEndpoint {
  endpoint: WebhookEndpoint;
  secret: string;
}

export function useCreateEndpoint() {
  return useRefreshingMutation(webhookQueries.endpoints().queryKey, {
    meta: { errorText: t`Failed to save the webhook` },
    mutationFn: (values: EndpointFormValues) =>
      invokeFunction<CreatedEndpoint>('webhooks', { action: 'create', ...values }),
  });
}

export function useUpdateEndpoint() {
  return useRefreshingMutation(webhookQueries.endpoints().queryKey, {
    meta: { errorText: t`Failed to update the webhook` },
    mutationFn: ({ id, enabled, values }: { id: string; enabled: boolean; values: EndpointFormValues }) =>
      invokeFunction<{ endpoint: WebhookEndpoint }>('webhooks', { action: 'update', id, enabled, ...values }),
  });
}

export function useDeleteEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: t`Failed to delete the webhook` },
    mutationFn: async (id: string) => {
      const { data, error } = await supabase.from('webhook_endpoints').delete().eq('id', id).select('id');
      if (error) throw error;
      if (!data.length) throw new Error('The endpoint was not deleted.');
    },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: webhookQueries.deliveries(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: webhookQueries.endpoints().queryKey });
    },
  });
}

export function useRotateSecret() {
  return useMutation({
    meta: { errorText: t`Failed to rotate the secret` },
    mutationFn: (id: string) => invokeFunction<{ secret: string }>('webhooks', { action: 'rotate_secret', id }),
  });
}

/** Sends the test event now; the answer carries the receiver's status and the start of its body. */
export function useTestEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => invokeFunction<AttemptResult>('webhooks', { action: 'test', id }),
    onSettled: (_, __, id) => queryClient.invalidateQueries({ queryKey: webhookQueries.deliveries(id).queryKey }),
  });
}

export function useReplayDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText: t`Failed to replay the delivery` },
    mutationFn: (deliveryId: string) =>
      invokeFunction<AttemptResult>('webhooks', { action: 'replay', delivery_id: deliveryId }),
    onSettled: (result) => {
      // a 410 Gone answer disables the endpoint
      if (result?.outcome === 'endpoint_disabled')
        void queryClient.invalidateQueries({ queryKey: webhookQueries.endpoints().queryKey });
      return queryClient.invalidateQueries({ queryKey: webhookQueries.deliveries(endpointId).queryKey });
    },
  });
}
