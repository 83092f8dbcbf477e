import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@herd/contract';
import { api } from '../../lib/api-client';
import { sessionKeys } from '../auth/api';

/** Banners arrive with the profile (global_banners); dismissing one refreshes it. */
export const useDismissBanner = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pk: number) => api.post<null>(paths.dismissBanner, { pk }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.profile() }),
  });
};
