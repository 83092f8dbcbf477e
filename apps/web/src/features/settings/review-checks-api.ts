import { useQuery, useQueryClient } from '@tanstack/react-query';
import { reviewCheckSettingsEndpoints as e, type CallInput } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { automationKeys } from './automation-api';

export type ReviewCheckSettingsChange = CallInput<typeof e.update>['body'];

const settingsKey = ['firm', 'review-check-settings'] as const;

export const useReviewCheckSettings = () => useQuery({ queryKey: settingsKey, queryFn: () => call(e.settings, {}) });

/** The answer is the whole new set, so the cache takes it as it is; the automation report states the pause rule, so it is read again. */
export const useUpdateReviewCheckSettings = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: ReviewCheckSettingsChange) => call(e.update, { body }),
    onSuccess: (settings) => {
      client.setQueryData(settingsKey, settings);
      void client.invalidateQueries({ queryKey: automationKeys.all });
    },
  });
};
