import { endpoint } from '../endpoint.js';
import { digestSettings, digestSettingsBody } from '../digest.js';
import { emailPreferences, emailPreferenceUpdateBody, unsubscribeBody, unsubscribeQuery, unsubscribeResult } from '../email-preferences.js';

/** RFC 8058's one-click unsubscribe: a mail provider POSTs here, with no cookie, so the CSRF check skips it. */
export const UNSUBSCRIBE_ONE_CLICK_PATH = 'generic/unsubscribe/one-click/';
const own = ['profile'];
const unsubscribe = ['unsubscribe'];

/** Which emails a person gets, and the links in every email that stop one kind. */
export const emailPreferenceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'users/profile/email-preferences/',
    tags: own,
    summary: 'The kinds of email the signed-in person gets',
    responses: { 200: emailPreferences },
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'users/profile/email-preferences/update/',
    tags: own,
    summary: 'Turn one kind of email on or off',
    body: emailPreferenceUpdateBody,
    responses: { 200: emailPreferences },
    whileReadOnly: true,
  }),
  digest: endpoint({
    method: 'GET',
    path: 'users/profile/digest/',
    tags: own,
    summary: 'The signed-in accountant’s daily digest: on or off, its hour and time zone',
    responses: { 200: digestSettings },
  }),
  digestUpdate: endpoint({
    method: 'PATCH',
    path: 'users/profile/digest/update/',
    tags: own,
    summary: 'Change the daily digest: on or off, its hour, its time zone (null: the firm’s)',
    body: digestSettingsBody,
    responses: { 200: digestSettings },
    whileReadOnly: true,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: 'generic/unsubscribe/',
    tags: unsubscribe,
    summary: 'Stop one kind of email with the signed token of its link (signed in or not)',
    body: unsubscribeBody,
    responses: { 200: unsubscribeResult },
    whileReadOnly: true,
  }),
  oneClick: endpoint({
    method: 'POST',
    path: UNSUBSCRIBE_ONE_CLICK_PATH,
    tags: unsubscribe,
    summary: 'RFC 8058 one-click unsubscribe (form body List-Unsubscribe=One-Click), as mail providers send it',
    query: unsubscribeQuery,
    responses: { 200: unsubscribeResult },
    whileReadOnly: true,
  }),
};
