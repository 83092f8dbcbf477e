import { createHash } from 'node:crypto';
import { PUSH_DEVICES_MAX, type PushDevice, type PushSettings, type PushSubscribeBody } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Actor } from '../../../kernel/actor.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { createSecretBox } from '../../../lib/secret-box.js';
import type { NoInput } from '../../../lib/service.js';
import { deleteDevice, ensureState, findDevices, findState, saveQuietHours, upsertDevice, type PushDeviceRow } from './push.queries.js';
import { isPushServiceHost } from './push-services.rule.js';

const toDevice = (row: PushDeviceRow): PushDevice => ({
  pk: row.pk,
  label: row.label,
  time_zone: row.timeZone,
  created_at: row.createdAt.toISOString(),
  last_sent_at: row.lastSentAt?.toISOString() ?? null,
});

const endpointHashOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

export const pushPublicKey = async ({ push }: Pick<AppDeps, 'push'>, _actor: Actor, _input: NoInput) => ({ public_key: push.publicKey });

export const listPushDevices = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput) => ({ devices: (await findDevices(db, actor.userId)).map(toDevice) });

/**
 * Turns push on for the browser this subscription is of. Herd will POST to its address, so only the
 * browsers' own push services are taken (never an address of Herd's network). The same subscription
 * again updates its row; a person has at most ten devices.
 */
export const subscribePush = async ({ db, config }: Pick<AppDeps, 'db' | 'config'>, actor: Actor, body: PushSubscribeBody): Promise<PushDevice> => {
  if (!isPushServiceHost(new URL(body.endpoint).hostname, config.pushServiceHosts)) throw ValidationError.field('endpoint', 'Endpoint is not a push service Herd knows.');
  const endpointHash = endpointHashOf(body.endpoint);
  const devices = await findDevices(db, actor.userId);
  if (!devices.some((device) => device.endpointHash === endpointHash) && devices.length >= PUSH_DEVICES_MAX) {
    throw ValidationError.detail(`Push notifications are on for ${PUSH_DEVICES_MAX} devices already: turn one off in your settings first.`);
  }
  const subscription = createSecretBox(config.secretKey).seal(JSON.stringify({ endpoint: body.endpoint, keys: body.keys }));
  const row = await db.transaction(async (tx) => {
    const device = await upsertDevice(tx, { userId: actor.userId, endpointHash, subscription, label: body.label || 'A browser', timeZone: body.time_zone });
    await ensureState(tx, actor.userId);
    return device;
  });
  return toDevice(row);
};

export const removePushDevice = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { pk }: { pk: number }) => {
  if (!(await deleteDevice(db, actor.userId, pk))) throw new NotFoundError('No such device.');
};

export const readPushSettings = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput): Promise<PushSettings> => {
  const state = await findState(db, actor.userId);
  return { quiet_hours: state?.quietStart && state.quietEnd ? { start: state.quietStart, end: state.quietEnd } : null };
};

export const updatePushSettings = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, body: PushSettings): Promise<PushSettings> => {
  await saveQuietHours(db, actor.userId, body.quiet_hours);
  return { quiet_hours: body.quiet_hours };
};
