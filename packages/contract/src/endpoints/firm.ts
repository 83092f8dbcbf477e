import { endpoint } from '../endpoint.js';
import { firmSettings, firmSettingsBody } from '../people.js';

const tags = ['firm settings'];

/** The firm's branding, shown to its staff and clients and in its emails. */
export const firmSettingsEndpoints = {
  settings: endpoint({ method: 'GET', path: 'accounting/accountant/firm-settings/', tags, summary: 'The firm’s branding', responses: { 200: firmSettings } }),
  update: endpoint({
    method: 'PATCH',
    path: 'accounting/accountant/firm-settings/update/',
    tags,
    summary: 'Change the firm’s name, main colour or logo (firm admin only)',
    body: firmSettingsBody,
    responses: { 200: firmSettings },
  }),
};
