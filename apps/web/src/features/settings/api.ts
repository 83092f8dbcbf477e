import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountingPaths,
  fileEndpoints,
  paths,
  type FirmMemberSettings,
  type FirmSettings,
  type FirmSettingsBody,
  type Profile,
  type ProfileUpdateBody,
} from '@herd/contract';
import { api } from '../../lib/api-client';
import { buildPath } from '../../lib/path-builder';
import { upload } from '../../lib/upload';
import { sessionKeys } from '../auth/api';

export interface PasswordChange {
  current_password?: string;
  new_password: string;
}

/** Saves name and phone; the answer is the new profile, so the cache takes it directly. */
export const useUpdateProfile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api.patch<Profile>(paths.profileUpdate, body),
    onSuccess: (profile) => client.setQueryData(sessionKeys.profile(), profile),
  });
};

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: PasswordChange) => api.post<null>(paths.profilePassword, body) });

export const firmKeys = {
  all: ['firm'] as const,
  settings: () => [...firmKeys.all, 'settings'] as const,
};

export const useFirmSettings = () =>
  useQuery({ queryKey: firmKeys.settings(), queryFn: () => api.get<FirmSettings>(accountingPaths.firmSettings) });

/** The profile carries the firm's colour, logo and name: refreshing it re-themes the whole app at once. */
export const useUpdateFirmSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FirmSettingsBody) => api.patch<FirmSettings>(accountingPaths.firmSettingsUpdate, body),
    onSuccess: async (settings) => {
      client.setQueryData(firmKeys.settings(), settings);
      await client.invalidateQueries({ queryKey: sessionKeys.profile() });
    },
  });
};

/** Uploads one file (multipart field `file`); the server sniffs its type and may refuse it with a `file` field error. */
export const useUploadFile = () =>
  useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.append('file', file);
      return upload(fileEndpoints.create, {}, data);
    },
  });

/** The signed-in firm user's own default client; `memberPk` is profile.accountant_company_user.pk. */
export const useSetDefaultClient = (memberPk: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clientCompany: number | null) =>
      api.patch<FirmMemberSettings>(buildPath(accountingPaths.defaultClientCompany, { pk: memberPk }), { client_company: clientCompany }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.profile() }),
  });
};
