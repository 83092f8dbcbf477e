import { useQueryClient } from '@tanstack/react-query';
import { profileEndpoints } from '@herd/contract';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { call } from '../../lib/api-client';
import { sessionKeys } from '../auth/api';

/** Banners arrive with the profile (global_banners); dismissing one refreshes it. */
export const useDismissBanner = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (pk: number) => call(profileEndpoints.dismissBanner, { body: { pk } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.profile() }),
  });
};
