import type { AppDeps } from '../../../app-deps.js';
import { NotFoundError } from '../../../lib/errors.js';
import { createSecretBox } from '../../../lib/secret-box.js';
import type { KarbonKeys } from './karbon.port.js';
import type { Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import { findInstance, type KarbonInstanceRow } from './karbon.queries.js';

export type KarbonDeps = Pick<AppDeps, 'db' | 'config' | 'karbon' | 'jobs'>;

/** What an endpoint that takes nothing hands its service (every service takes deps, who asks, and one input). */
export type NoInput = Record<string, never>;

/** The firm's keys, opened from their seals. */
export const keysOf = (config: AppDeps['config'], instance: KarbonInstanceRow): KarbonKeys => {
  const box = createSecretBox(config.secretKey);
  return { applicationId: box.open(instance.applicationIdEnc), accessKey: box.open(instance.accessKeyEnc), sandbox: instance.sandbox };
};

export const signingKeyOf = (config: AppDeps['config'], instance: KarbonInstanceRow) => createSecretBox(config.secretKey).open(instance.signingKeyEnc);

/** The firm's instance, for a firm admin; none is 404. */
export const instanceFor = async (deps: Pick<AppDeps, 'db'>, actor: Actor) => {
  const firmActor = can.administerFirm(actor);
  const instance = await findInstance(deps.db, firmActor.firmId);
  if (!instance) throw new NotFoundError('Karbon is not connected for this firm.');
  return { firmActor, instance };
};
