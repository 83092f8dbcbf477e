// Xero's part of the contract only, not the whole table: this file is on the signed-out Xero page.
import { xeroEndpoints } from '@herd/contract/endpoints/xero';
import type { MfaMethod } from '@herd/contract/enums';
import { call } from '../../lib/api-client';
import { leaveAppForAnswer } from '../../lib/navigation';
import { useSubmitMutation } from '../../lib/use-submit-mutation';

/** Query parameters the server's redirect back to /auth/xero/ carries: why it failed, or the second factor still to give. */
export const xeroSignInParams = { error: 'xero_error', mfa: 'mfa' } as const;

/** `?mfa=sms` or `?mfa=totp`: Xero vouched for the person, whose account also asks for this second factor. */
export const mfaMethodOf = (value: string | null): MfaMethod | null => (value === 'sms' ? 'SMS' : value === 'totp' ? 'TOTP' : null);

/** "Sign in with Xero": to Xero's login; the server brings the browser back signed in (or to /auth/xero/ with why not). */
export const useXeroSignIn = () => useSubmitMutation({ mutationFn: () => leaveAppForAnswer(call(xeroEndpoints.signin, {})) });

/** "Sign up with Xero": a new firm from the Xero login, its organisations its first clients. */
export const useXeroSignUp = () => useSubmitMutation({ mutationFn: () => leaveAppForAnswer(call(xeroEndpoints.signup, {})) });
