import { useQuery, useQueryClient } from '@tanstack/react-query';
import { emailPreferenceEndpoints, type DigestSettingsBody, type EmailKind } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmitMutation } from '../../lib/use-submit-mutation';

export const emailPreferenceKeys = { all: ['email-preferences'] as const, digest: ['email-preferences', 'digest'] as const };

export const useEmailPreferences = () => useQuery({ queryKey: emailPreferenceKeys.all, queryFn: () => call(emailPreferenceEndpoints.list, {}) });

/** Turns one kind on or off; the answer is the whole list, so the cache takes it directly. */
export const useUpdateEmailPreference = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: { kind: EmailKind; enabled: boolean }) => call(emailPreferenceEndpoints.update, { body }),
    onSuccess: async (preferences, body) => {
      client.setQueryData(emailPreferenceKeys.all, preferences);
      // The digest's switch is this list's DIGEST kind: its settings read the same state.
      if (body.kind === 'DIGEST') await client.invalidateQueries({ queryKey: emailPreferenceKeys.digest });
    },
  });
};

/** The signed-in accountant's daily digest: on or off, hour, time zone. */
export const useDigestSettings = (enabled = true) =>
  useQuery({ queryKey: emailPreferenceKeys.digest, queryFn: () => call(emailPreferenceEndpoints.digest, {}), enabled });

export const useUpdateDigestSettings = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: DigestSettingsBody) => call(emailPreferenceEndpoints.digestUpdate, { body }),
    onSuccess: async (settings) => {
      client.setQueryData(emailPreferenceKeys.digest, settings);
      await client.invalidateQueries({ queryKey: emailPreferenceKeys.all, exact: true });
    },
  });
};

/** An email's unsubscribe link, signed in or not: the token says whose emails of which kind stop. */
export const useUnsubscribe = () => useSubmitMutation({ mutationFn: (token: string) => call(emailPreferenceEndpoints.unsubscribe, { body: { token } }) });
