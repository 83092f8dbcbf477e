import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pushEndpoints, type PushSettings, type PushSubscribeBody } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmitMutation } from '../../lib/use-submit-mutation';

export const pushKeys = { all: ['push'] as const, devices: ['push', 'devices'] as const, settings: ['push', 'settings'] as const, key: ['push', 'key'] as const };

export const usePushPublicKey = () => useQuery({ queryKey: pushKeys.key, queryFn: () => call(pushEndpoints.publicKey, {}), staleTime: Infinity });
export const usePushDevices = () => useQuery({ queryKey: pushKeys.devices, queryFn: () => call(pushEndpoints.devices, {}) });
export const usePushSettings = () => useQuery({ queryKey: pushKeys.settings, queryFn: () => call(pushEndpoints.settings, {}) });

export const useSubscribePush = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: PushSubscribeBody) => call(pushEndpoints.subscribe, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: pushKeys.devices }),
  });
};

export const useRemovePushDevice = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (pk: number) => call(pushEndpoints.remove, { params: { pk } }),
    onSuccess: () => client.invalidateQueries({ queryKey: pushKeys.devices }),
  });
};

export const useUpdatePushSettings = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: PushSettings) => call(pushEndpoints.settingsUpdate, { body }),
    onSuccess: (settings) => client.setQueryData(pushKeys.settings, settings),
  });
};
