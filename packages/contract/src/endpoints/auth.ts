import {
  bannerDismissBody,
  codeBody,
  codeParams,
  detailResponse,
  emailBody,
  loginBody,
  loginResponse,
  newPasswordBody,
  passwordChangeBody,
  profile,
  profileUpdateBody,
  signupBody,
} from '../auth.js';
import { endpoint, noContent } from '../endpoint.js';

const auth = ['auth'];
const own = ['profile'];

/**
 * Signing up, in and out, and the signed-out flows (magic links, password
 * reset). All may run while the firm is read-only: they change no firm data,
 * and a lapsed firm must still be able to sign in to pay.
 */
export const authEndpoints = {
  signup: endpoint({
    method: 'POST',
    path: 'users/accountant-signup/',
    tags: auth,
    summary: 'Start a free trial: emails a link that creates the firm and its admin (same answer for any email)',
    body: signupBody,
    responses: { 200: detailResponse },
    idempotent: true,
    whileReadOnly: true,
  }),
  confirmSignup: endpoint({
    method: 'POST',
    path: 'users/accountant-signup/confirm/',
    tags: auth,
    summary: 'Create the firm and its admin with the code of a sign-up link, and sign them in',
    body: codeBody,
    responses: { 200: profile },
    whileReadOnly: true,
  }),
  confirmEmailChange: endpoint({
    method: 'POST',
    path: 'users/email-change/confirm/',
    tags: auth,
    summary: 'Confirm a new email address with the code of the link mailed to it; the account signs in with it from then on',
    body: codeBody,
    responses: { 200: detailResponse },
    whileReadOnly: true,
  }),
  login: endpoint({
    method: 'POST',
    path: 'users/login/',
    tags: auth,
    summary: 'Sign in with email and password',
    body: loginBody,
    responses: { 200: loginResponse },
    whileReadOnly: true,
  }),
  logout: endpoint({ method: 'POST', path: 'users/logout/', tags: auth, summary: 'Sign out this session', responses: { 204: noContent }, whileReadOnly: true }),
  sendMagicLink: endpoint({
    method: 'POST',
    path: 'login/send-magic-link/',
    tags: auth,
    summary: 'Email a sign-in link (same answer for any email)',
    body: emailBody,
    responses: { 200: detailResponse },
    whileReadOnly: true,
  }),
  withMagicLink: endpoint({
    method: 'POST',
    path: 'login/with-magic-link/',
    tags: auth,
    summary: 'Sign in with the code of a magic link',
    body: codeBody,
    responses: { 200: loginResponse },
    whileReadOnly: true,
  }),
  sendNewMagicLink: endpoint({
    method: 'POST',
    path: 'login/send-new-magic-link/',
    tags: auth,
    summary: 'Email a fresh link to the owner of an expired or used code',
    body: codeBody,
    responses: { 200: detailResponse },
    whileReadOnly: true,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: 'users/reset-password/',
    tags: auth,
    summary: 'Email a password reset link (same answer for any email)',
    body: emailBody,
    responses: { 200: detailResponse },
    whileReadOnly: true,
  }),
  finishResetPassword: endpoint({
    method: 'POST',
    path: 'users/finish-reset-password/{code}/',
    tags: auth,
    summary: 'Set a new password with the code of a reset link',
    params: codeParams,
    body: newPasswordBody,
    responses: { 200: detailResponse },
    whileReadOnly: true,
  }),
};

/** The signed-in person's own account; a read-only firm's people may still keep it up to date. */
export const profileEndpoints = {
  profile: endpoint({ method: 'GET', path: 'users/profile/', tags: own, summary: 'The signed-in user (401 when signed out)', responses: { 200: profile } }),
  update: endpoint({
    method: 'PATCH',
    path: 'users/profile/update/',
    tags: own,
    summary: 'Update name and phone',
    body: profileUpdateBody,
    responses: { 200: profile },
    whileReadOnly: true,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: 'users/profile/password/',
    tags: own,
    summary: 'Change password; other sessions are signed out',
    body: passwordChangeBody,
    responses: { 204: noContent },
    whileReadOnly: true,
  }),
  // Hiding a banner is the person's own preference, not the firm's data.
  dismissBanner: endpoint({
    method: 'POST',
    path: 'generic/global-banners/dismiss/',
    tags: ['banners'],
    summary: 'Hide a banner for this user',
    body: bannerDismissBody,
    responses: { 204: noContent },
    whileReadOnly: true,
  }),
};
