import { detailResponse, profile } from '../auth.js';
import { endpoint, pkParams } from '../endpoint.js';
import { memberMfa, memberMfaBody, mfaDisableBody, mfaStatus, otpBody, recoveryCodeBody, recoveryCodes, smsSetupBody, totpSetup } from '../mfa.js';

const signIn = ['auth'];
const own = ['mfa'];
const MEMBER = 'accounting/accountant/accountant-company-user/{pk}';

/**
 * The second step of signing in, for a session left half-open by a password or link of a user
 * with a second factor.
 */
export const mfaSignInEndpoints = {
  totpVerify: endpoint({
    method: 'POST',
    path: 'users/mfa/totp/verify/otp/',
    tags: signIn,
    summary: 'Finish signing in with a code of the authenticator app',
    body: otpBody,
    responses: { 200: profile },
    whileReadOnly: true,
  }),
  smsSend: endpoint({
    method: 'POST',
    path: 'users/mfa/sms/send/otp/',
    tags: signIn,
    summary: 'Text a sign-in code to the account’s phone (a fresh one voids the last)',
    responses: { 200: detailResponse },
    whileReadOnly: true,
  }),
  smsVerify: endpoint({
    method: 'POST',
    path: 'users/mfa/sms/verify/otp/',
    tags: signIn,
    summary: 'Finish signing in with the texted code',
    body: otpBody,
    responses: { 200: profile },
    whileReadOnly: true,
  }),
  recoveryVerify: endpoint({
    method: 'POST',
    path: 'users/mfa/recovery-code/verify/',
    tags: signIn,
    summary: 'Finish signing in with a recovery code (each works once)',
    body: recoveryCodeBody,
    responses: { 200: profile },
    whileReadOnly: true,
  }),
};

/** Setting up one's own second factor (every firm has it): the person's own security, kept while the firm is read-only. */
export const mfaSetupEndpoints = {
  status: endpoint({ method: 'GET', path: 'users/mfa/', tags: own, summary: 'The signed-in person’s second factor', responses: { 200: mfaStatus } }),
  totpStart: endpoint({
    method: 'POST',
    path: 'users/mfa/totp/setup/',
    tags: own,
    summary: 'Start setting up an authenticator app: a new secret and its otpauth link',
    responses: { 200: totpSetup },
    whileReadOnly: true,
  }),
  totpConfirm: endpoint({
    method: 'POST',
    path: 'users/mfa/totp/setup/confirm/',
    tags: own,
    summary: 'Confirm the authenticator app with its first code; answers ten recovery codes, shown once',
    body: otpBody,
    responses: { 200: recoveryCodes },
    whileReadOnly: true,
  }),
  smsStart: endpoint({
    method: 'POST',
    path: 'users/mfa/sms/setup/',
    tags: own,
    summary: 'Start setting up text-message codes: a code is texted to the phone given',
    body: smsSetupBody,
    responses: { 200: detailResponse },
    whileReadOnly: true,
  }),
  smsConfirm: endpoint({
    method: 'POST',
    path: 'users/mfa/sms/setup/confirm/',
    tags: own,
    summary: 'Confirm the phone with the texted code; answers ten recovery codes, shown once',
    body: otpBody,
    responses: { 200: recoveryCodes },
    whileReadOnly: true,
  }),
  regenerateRecoveryCodes: endpoint({
    method: 'POST',
    path: 'users/mfa/recovery-codes/regenerate/',
    tags: own,
    summary: 'Ten new recovery codes; the old ones stop working',
    responses: { 200: recoveryCodes },
    whileReadOnly: true,
  }),
  disable: endpoint({
    method: 'POST',
    path: 'users/mfa/disable/',
    tags: own,
    summary: 'Turn one’s own second factor off, confirmed with the password; refused when the firm’s admin requires it',
    body: mfaDisableBody,
    responses: { 200: detailResponse },
    whileReadOnly: true,
  }),
};

/** A firm admin's say over a member's second factor. */
export const memberMfaEndpoints = {
  update: endpoint({
    method: 'PATCH',
    path: `${MEMBER}/mfa-setup/update/`,
    tags: ['coworkers'],
    summary: 'Require (or stop requiring) a team member to use two-step verification (firm admin only)',
    params: pkParams,
    body: memberMfaBody,
    responses: { 200: memberMfa },
  }),
  // Getting a locked-out colleague back in must work while the firm is read-only, like signing in.
  reset: endpoint({
    method: 'POST',
    path: `${MEMBER}/mfa-reset/`,
    tags: ['coworkers'],
    summary: 'Turn a member’s second factor off and sign them out; they set it up again at their next sign-in (firm admin only)',
    params: pkParams,
    responses: { 200: memberMfa },
    whileReadOnly: true,
  }),
};
