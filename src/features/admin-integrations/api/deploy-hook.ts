import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/edge-functions';
import { supabase } from '@/lib/supabase';
import type { DeployHookDelivery, DeployHookSettings, TestBuildResult } from '../logic/deploy-hook';

export const deployHookKeys = {
  all: ['deploy-hook'] as const,
  settings: () => [...deployHookKeys.all, 'settings'] as const,
  deliveries: () => [...deployHookKeys.all, 'deliveries'] as const,
};

const DELIVERY_COLUMNS =
  'id, event_type, status, attempt_count, created_at, last_attempt_at, last_response_status, last_error, next_attempt_at';
const LOG_SIZE = 10;

/** RPC deploy_hook_settings (admins): whether a hook is set, masked; polled while a rebuild waits. */
export function deployHookSettingsQuery() {
  return queryOptions({
    queryKey: deployHookKeys.settings(),
    queryFn: async (): Promise<DeployHookSettings> => {
      const { data, error } = await supabase.rpc('deploy_hook_settings');
      if (error) throw error;
      return data as DeployHookSettings;
    },
    refetchInterval: (query) => (query.state.data?.rebuild_due_at ? 5000 : false),
    meta: { errorText: t`Failed to load the deploy hook` },
  });
}

/** The deploy hook's newest deliveries (webhook_deliveries without an endpoint); polled while one is pending. */
export function deployHookDeliveriesQuery() {
  return queryOptions({
    queryKey: deployHookKeys.deliveries(),
    queryFn: async (): Promise<DeployHookDelivery[]> => {
      const { data, error } = await supabase
        .from('webhook_deliveries')
        .select(DELIVERY_COLUMNS)
        .is('endpoint_id', null)
        .order('created_at', { ascending: false })
        .limit(LOG_SIZE);
      if (error) throw error;
      return data;
    },
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 5000 : false),
    meta: { errorText: t`Failed to load the deploy hook deliveries` },
  });
}

function useDeployHookMutation<T, V = void>(errorText: string, call: (value: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorText },
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deployHookKeys.all }),
  });
}

/** The webhooks function's answer to a change: set_deploy_hook's or remove_deploy_hook's settings. */
type SettingsAnswer = { settings: DeployHookSettings };
const settingsOf = (answer: SettingsAnswer) => answer.settings;

/** Sets or replaces the URL through the webhooks function (which checks the address first). */
export const useSetDeployHook = () =>
  useDeployHookMutation(t`Failed to save the deploy hook`, (url: string) =>
    invokeFunction<SettingsAnswer>('webhooks', { action: 'set_deploy_hook', url }).then(settingsOf),
  );

export const useRemoveDeployHook = () =>
  useDeployHookMutation(t`Failed to remove the deploy hook`, () =>
    invokeFunction<SettingsAnswer>('webhooks', { action: 'remove_deploy_hook' }).then(settingsOf),
  );

/** One POST to the build hook now (never retried); answers with the host's status. */
export const useTestDeployHook = () =>
  useDeployHookMutation(t`Failed to send the test build`, () =>
    invokeFunction<TestBuildResult>('webhooks', { action: 'test_deploy_hook' }),
  );
