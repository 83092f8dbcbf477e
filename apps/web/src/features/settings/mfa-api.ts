import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memberMfaEndpoints, mfaSetupEndpoints } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { sessionKeys } from '../auth/api';
import { teamKeys } from '../team/api';

export const mfaKeys = {
  all: ['mfa'] as const,
  status: () => [...mfaKeys.all, 'status'] as const,
};

/** The signed-in person's second factor (method, recovery codes left). */
export const useMfaStatus = () => useQuery({ queryKey: mfaKeys.status(), queryFn: () => call(mfaSetupEndpoints.status, {}) });

/** The profile carries `totp_qr_link` and `is_mfa_setup`, and the status the method: both are read again after a change. */
const useRefreshAfter = () => {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: mfaKeys.all });
    await client.invalidateQueries({ queryKey: sessionKeys.profile() });
  };
};

export const useStartTotpSetup = () => {
  const refresh = useRefreshAfter();
  return useSubmitMutation({ mutationFn: () => call(mfaSetupEndpoints.totpStart, {}), onSuccess: refresh });
};

/**
 * `onIssued` gets the recovery codes before anything is read again: the refreshed status replaces the
 * setup panel (and this mutation's caller with it), so a callback passed to `mutate` would never run.
 */
export const useConfirmTotpSetup = (onIssued: (codes: string[]) => void) => {
  const refresh = useRefreshAfter();
  return useSubmitMutation({
    mutationFn: (code: string) => call(mfaSetupEndpoints.totpConfirm, { body: { code } }),
    onSuccess: (answer) => {
      onIssued(answer.recovery_codes);
      return refresh();
    },
  });
};

/** Texts a code to the phone given; the answer only says it is on its way. Sent again to resend. */
export const useStartSmsSetup = () => useSubmitMutation({ mutationFn: (phone: string) => call(mfaSetupEndpoints.smsStart, { body: { phone } }) });

/** Like `useConfirmTotpSetup`: the recovery codes go to `onIssued` before the status is read again. */
export const useConfirmSmsSetup = (onIssued: (codes: string[]) => void) => {
  const refresh = useRefreshAfter();
  return useSubmitMutation({
    mutationFn: (code: string) => call(mfaSetupEndpoints.smsConfirm, { body: { code } }),
    onSuccess: (answer) => {
      onIssued(answer.recovery_codes);
      return refresh();
    },
  });
};

/** Turns one's own second factor off, confirmed with the password. */
export const useDisableMfa = () => {
  const refresh = useRefreshAfter();
  return useSubmitMutation({ mutationFn: (password: string) => call(mfaSetupEndpoints.disable, { body: { password } }), onSuccess: refresh });
};

export const useRegenerateRecoveryCodes = () => {
  const refresh = useRefreshAfter();
  return useSubmitMutation({ mutationFn: () => call(mfaSetupEndpoints.regenerateRecoveryCodes, {}), onSuccess: refresh });
};

/** A firm admin's "Require MFA" and "Reset MFA" for a member; the team list shows the result. */
export const useMemberMfa = () => {
  const client = useQueryClient();
  const refreshTeam = () => client.invalidateQueries({ queryKey: teamKeys.all });
  return {
    require: useSubmitMutation({
      mutationFn: ({ pk, required }: { pk: number; required: boolean }) => call(memberMfaEndpoints.update, { params: { pk }, body: { mfa_enabled: required } }),
      onSuccess: refreshTeam,
    }),
    reset: useSubmitMutation({ mutationFn: (pk: number) => call(memberMfaEndpoints.reset, { params: { pk } }), onSuccess: refreshTeam }),
  };
};
