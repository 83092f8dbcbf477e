import { useQuery, useQueryClient } from '@tanstack/react-query';
import { emailPreferenceEndpoints, type EmailKind } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmitMutation } from '../../lib/use-submit-mutation';

export const emailPreferenceKeys = { all: ['email-preferences'] as const };

export const useEmailPreferences = () => useQuery({ queryKey: emailPreferenceKeys.all, queryFn: () => call(emailPreferenceEndpoints.list, {}) });

/** Turns one kind on or off; the answer is the whole list, so the cache takes it directly. */
export const useUpdateEmailPreference = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: { kind: EmailKind; enabled: boolean }) => call(emailPreferenceEndpoints.update, { body }),
    onSuccess: (preferences) => client.setQueryData(emailPreferenceKeys.all, preferences),
  });
};

/** An email's unsubscribe link, signed in or not: the token says whose emails of which kind stop. */
export const useUnsubscribe = () => useSubmitMutation({ mutationFn: (token: string) => call(emailPreferenceEndpoints.unsubscribe, { body: { token } }) });
