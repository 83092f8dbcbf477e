import { endpoint, noContent, pkParams } from '../endpoint.js';
import { pushDevice, pushDevices, pushPublicKey, pushSettings, pushSettingsBody, pushSubscribeBody } from '../push.js';

const own = ['profile'];

/** Push notifications to a person's own devices (docs/phone-app.md). */
export const pushEndpoints = {
  publicKey: endpoint({
    method: 'GET',
    path: 'users/profile/push/public-key/',
    tags: own,
    summary: 'The server’s public key a browser subscribes to push notifications with',
    responses: { 200: pushPublicKey },
  }),
  devices: endpoint({
    method: 'GET',
    path: 'users/profile/push/devices/',
    tags: own,
    summary: 'The signed-in person’s devices that get push notifications',
    responses: { 200: pushDevices },
  }),
  subscribe: endpoint({
    method: 'POST',
    path: 'users/profile/push/devices/',
    tags: own,
    summary: 'Turn push notifications on for this device (its browser’s subscription); the same subscription again updates it',
    body: pushSubscribeBody,
    responses: { 201: pushDevice },
    whileReadOnly: true,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'users/profile/push/devices/{pk}/',
    tags: own,
    summary: 'Turn push notifications off for one device',
    params: pkParams,
    responses: { 204: noContent },
    whileReadOnly: true,
  }),
  settings: endpoint({
    method: 'GET',
    path: 'users/profile/push/settings/',
    tags: own,
    summary: 'The signed-in person’s quiet hours, when no push is sent',
    responses: { 200: pushSettings },
  }),
  settingsUpdate: endpoint({
    method: 'PATCH',
    path: 'users/profile/push/settings/',
    tags: own,
    summary: 'Set or clear the quiet hours',
    body: pushSettingsBody,
    responses: { 200: pushSettings },
    whileReadOnly: true,
  }),
};
