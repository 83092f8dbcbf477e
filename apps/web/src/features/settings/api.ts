import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths, type Profile, type ProfileUpdateBody } from '@herd/contract';
import { api } from '../../lib/api-client';
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
