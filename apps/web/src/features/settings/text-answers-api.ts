import { useQuery, useQueryClient } from '@tanstack/react-query';
import { textAnswerEndpoints, type TextQuestionsSettingsBody } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmitMutation } from '../../lib/use-submit-mutation';

const textSettingsKey = ['texts', 'settings'] as const;

export const useTextSettings = () => useQuery({ queryKey: textSettingsKey, queryFn: () => call(textAnswerEndpoints.settings, {}) });

export const useUpdateTextSettings = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: TextQuestionsSettingsBody) => call(textAnswerEndpoints.settingsUpdate, { body }),
    onSuccess: (settings) => client.setQueryData(textSettingsKey, settings),
  });
};
