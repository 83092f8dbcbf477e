import { useQuery, useQueryClient } from '@tanstack/react-query';
import { coworkerEndpoints, fileEndpoints, firmSettingsEndpoints, profileEndpoints, type CallInput, type FirmSettingsBody, type ProfileUpdateBody } from '@herd/contract';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { call } from '../../lib/api-client';
import { upload } from '../../lib/upload';
import { sessionKeys } from '../auth/api';

/** `current_password` may be left out only by a user who has never had one (magic-link clients). */
export type PasswordChange = CallInput<typeof profileEndpoints.changePassword>['body'];

/** Saves name and phone; the answer is the new profile, so the cache takes it directly. */
export const useUpdateProfile = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: ProfileUpdateBody) => call(profileEndpoints.update, { body }),
    onSuccess: (profile) => client.setQueryData(sessionKeys.profile(), profile),
  });
};

export const useChangePassword = () => useSubmitMutation({ mutationFn: (body: PasswordChange) => call(profileEndpoints.changePassword, { body }) });

export const firmKeys = {
  all: ['firm'] as const,
  settings: () => [...firmKeys.all, 'settings'] as const,
};

export const useFirmSettings = () => useQuery({ queryKey: firmKeys.settings(), queryFn: () => call(firmSettingsEndpoints.settings, {}) });

/** The profile carries the firm's colour, logo and name: refreshing it re-themes the whole app at once. */
export const useUpdateFirmSettings = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: FirmSettingsBody) => call(firmSettingsEndpoints.update, { body }),
    onSuccess: async (settings) => {
      client.setQueryData(firmKeys.settings(), settings);
      await client.invalidateQueries({ queryKey: sessionKeys.profile() });
    },
  });
};

/** Uploads one file (multipart field `file`); the server sniffs its type and may refuse it with a `file` field error. */
export const useUploadFile = () =>
  useSubmitMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.append('file', file);
      return upload(fileEndpoints.create, {}, data);
    },
  });

/** The signed-in firm user's own default client; `memberPk` is profile.accountant_company_user.pk. */
export const useSetDefaultClient = (memberPk: number) => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (clientCompany: number | null) => call(coworkerEndpoints.defaultClientCompany, { params: { pk: memberPk }, body: { client_company: clientCompany } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.profile() }),
  });
};
