import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
// The auth area's own part of the contract, not the whole table: this file is on the sign-in page.
import type { LoginBody, LoginResponse, MfaChallenge, Profile, SignupBody } from '@herd/contract/auth';
import { SESSION_HINT_COOKIE } from '@herd/contract/constants';
import { authEndpoints, profileEndpoints } from '@herd/contract/endpoints/auth';
import { mfaSignInEndpoints } from '@herd/contract/endpoints/mfa';
import type { MfaMethod } from '@herd/contract/enums';
import { useSubmissionKey } from '../../lib/submission-key';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { call } from '../../lib/api-client';
import { errorStatus } from '../../lib/api-errors';

export const sessionKeys = {
  all: ['session'] as const,
  profile: () => [...sessionKeys.all, 'profile'] as const,
  /** Set when the user signed out on purpose, so the sign-in page does not offer to return. */
  signedOutOnPurpose: () => [...sessionKeys.all, 'signed-out-on-purpose'] as const,
};

/** Whether the server said this browser may hold a session (the readable hint beside the session cookie). */
const maySignedIn = () => document.cookie.split(/;\s*/).some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));

/**
 * The user-verify call: the profile, or null when the session is not signed in. Without the session
 * hint nobody is signed in, and nothing is asked (a 401 would show in the browser's console on every
 * signed-out page); a hint left by an ended session is dropped at the 401.
 */
export const fetchProfile = async (): Promise<Profile | null> => {
  if (!maySignedIn()) return null;
  try {
    return await call(profileEndpoints.profile, {});
  } catch (error) {
    if (errorStatus(error) !== 401) throw error;
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
    return null;
  }
};

/**
 * Verified once per visit: no retry, no refetch on focus, never
 * stale. Sign-in, sign-out and profile edits write the answer into the cache.
 */
export const profileQuery = () =>
  queryOptions({
    queryKey: sessionKeys.profile(),
    queryFn: fetchProfile,
    retry: false,
    // A failed verify must not run again each time another guard mounts.
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export type Session =
  | { status: 'loading'; profile: null }
  | { status: 'signed-out'; profile: null }
  | { status: 'offline'; profile: null; retry: () => void }
  | { status: 'signed-in'; profile: Profile };

/**
 * While verifying: loading. The server out of reach (the phone offline) with a session this browser
 * holds: offline, not signed out, so the installed app does not send its person to sign in again.
 * Any other failure of the verify call means signed out.
 */
export const useSession = (): Session => {
  const query = useQuery(profileQuery());
  if (query.isPending) return { status: 'loading', profile: null };
  if (query.isError && errorStatus(query.error) === null && maySignedIn()) return { status: 'offline', profile: null, retry: () => void query.refetch() };
  if (query.isError || !query.data) return { status: 'signed-out', profile: null };
  return { status: 'signed-in', profile: query.data };
};

/** The signed-in profile, for screens that only render behind the sign-in guard. */
export const useProfile = (): Profile => {
  const session = useSession();
  if (session.status !== 'signed-in') throw new Error('useProfile needs a signed-in session');
  return session.profile;
};

export const setSignedIn = (client: QueryClient, profile: Profile): void => {
  client.removeQueries({ queryKey: sessionKeys.signedOutOnPurpose(), exact: true });
  // Someone else's link opened in this browser signs its owner in: nothing cached for the previous user may show.
  const before = client.getQueryData<Profile | null>(sessionKeys.profile());
  if (before && before.pk !== profile.pk) {
    void client.cancelQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
  }
  client.setQueryData(sessionKeys.profile(), profile);
};

/**
 * Marks the session signed out and drops everything cached for the previous
 * user. The profile query is kept (set to null) rather than removed: its
 * mounted observers must hear about the change so the guards redirect.
 */
export const setSignedOut = (client: QueryClient, onPurpose: boolean): void => {
  if (onPurpose) client.setQueryData(sessionKeys.signedOutOnPurpose(), true);
  else client.removeQueries({ queryKey: sessionKeys.signedOutOnPurpose(), exact: true });
  client.setQueryData(sessionKeys.profile(), null);
  void client.cancelQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
};

export const isMfaChallenge = (response: LoginResponse): response is MfaChallenge => 'mfa_required' in response && response.mfa_required;

const useSignInMutation = <TVariables>(call: (variables: TVariables) => Promise<LoginResponse>) => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: call,
    onSuccess: (response) => {
      if (!isMfaChallenge(response)) setSignedIn(client, response);
    },
  });
};

export const useSignIn = () => useSignInMutation((body: LoginBody) => call(authEndpoints.login, { body }));

export const useMagicLinkSignIn = () => useSignInMutation((code: string) => call(authEndpoints.withMagicLink, { body: { code } }));

/** Asks for a sign-up: nothing is created yet, the answer says a link was emailed. */
export const useSignUp = () => {
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (body: SignupBody) => call(authEndpoints.signup, { body }, { idempotencyKey: submission.for(body) }),
    onSuccess: () => submission.done(),
  });
};

/** Opens a sign-up link (/auth/?signup=<code>): creates the firm and signs its admin in. */
export const useConfirmSignUp = () => useSignInMutation((code: string) => call(authEndpoints.confirmSignup, { body: { code } }));

/** Opens an email-change link (/auth/?email-change=<code>): the account's email becomes the address it was mailed to. */
export const useConfirmEmailChange = () => useSubmitMutation({ mutationFn: (code: string) => call(authEndpoints.confirmEmailChange, { body: { code } }) });

export const useSignOut = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: async () => {
      try {
        await call(authEndpoints.logout, {});
      } catch (error) {
        // Already signed out (401) or a stale CSRF token (403): the local session ends anyway.
        if (errorStatus(error) === null || (errorStatus(error) ?? 500) >= 500) throw error;
      }
    },
    onSuccess: () => setSignedOut(client, true),
  });
};

export const useSendMagicLink = () => useSubmitMutation({ mutationFn: (email: string) => call(authEndpoints.sendMagicLink, { body: { email } }) });

export const useSendNewMagicLink = () => useSubmitMutation({ mutationFn: (code: string) => call(authEndpoints.sendNewMagicLink, { body: { code } }) });

export const useRequestPasswordReset = () => useSubmitMutation({ mutationFn: (email: string) => call(authEndpoints.resetPassword, { body: { email } }) });

export const useFinishPasswordReset = () =>
  useSubmitMutation({
    mutationFn: ({ code, password }: { code: string; password: string }) => call(authEndpoints.finishResetPassword, { params: { code }, body: { password } }),
  });

/** The second step of signing in: the authenticator app's code, or one of the recovery codes. Success signs the browser in. */
export const useMfaVerify = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ code, recovery, method }: { code: string; recovery: boolean; method: MfaMethod }) =>
      call(recovery ? mfaSignInEndpoints.recoveryVerify : method === 'SMS' ? mfaSignInEndpoints.smsVerify : mfaSignInEndpoints.totpVerify, { body: { code } }),
    onSuccess: (profile) => setSignedIn(client, profile),
  });
};

/** Texts a sign-in code to the account's phone (a fresh one voids the last). */
export const useSendSignInSms = () => useSubmitMutation({ mutationFn: () => call(mfaSignInEndpoints.smsSend, {}) });
