import { randomBytes } from 'node:crypto';
import { API_PREFIX, unavailable, type KarbonInstanceBody } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import { createSecretBox } from '../../../lib/secret-box.js';
import { KarbonAuthError, KarbonRateLimitError, KarbonRefusedError, KarbonUnexpectedAnswerError, KarbonUnreachableError, type KarbonKeys } from './karbon.port.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import { readDirectory } from './karbon-directory.service.js';
import { karbonFailure } from './karbon-failure.rule.js';
import { instanceFor, keysOf, type KarbonDeps, type NoInput } from './karbon-access.service.js';
import { DEFAULT_KARBON_SETTINGS } from './karbon.settings.js';
import { deleteInstance, eventCounts, findInstance, insertInstance, updateInstance, type KarbonInstanceRow } from './karbon.queries.js';

/** Karbon's webhook types Herd subscribes to: organizations and contacts changing ("Contact" covers both). */
export const KARBON_WEBHOOK_TYPES = ['Contact'] as const;

export const serializeInstance = async (db: Db, instance: KarbonInstanceRow) => ({
  tenant_key: instance.tenantKey,
  sandbox: instance.sandbox,
  connected_at: instance.createdAt.toISOString(),
  webhooks: instance.webhooks,
  ...(await eventCounts(db, instance.firmId).then((c) => ({ pending_events: c.pending, failed_events: c.failed }))),
  last_error: instance.lastError,
  last_error_at: instance.lastErrorAt?.toISOString() ?? null,
});

/** Karbon's refusal of the keys, on the fields the firm admin typed. */
const keysRefused = () =>
  new ValidationError(
    { access_key: ['Karbon refused these keys: check the Application ID and the Access Key under Settings → Connected Apps in Karbon.'] },
    'Karbon refused these keys.',
  );

/**
 * Karbon could not be asked, refused, or answered in a shape Herd does not understand: nothing is
 * stored, and the firm admin reads which (never a 500).
 */
const connectFailure = (err: unknown) => {
  if (err instanceof KarbonAuthError) return keysRefused();
  if (err instanceof KarbonUnexpectedAnswerError) return new AppError(502, `${err.message} Nothing was saved; Herd's support can tell what changed.`);
  if (err instanceof KarbonUnreachableError) return new AppError(502, `${err.message} Nothing was saved; try again in a moment.`);
  if (err instanceof KarbonRateLimitError) return new AppError(503, `${err.message} Nothing was saved.`);
  if (err instanceof KarbonRefusedError) return new AppError(502, `Karbon refused to answer (${err.status}): ${err.message} Nothing was saved.`);
  return err;
};

/**
 * Subscribes Herd to Karbon's webhooks at the firm's secret address. Karbon delivers only to
 * https:// addresses: a server without one keeps working (mappings are read on resync) and says so.
 */
const subscribeWebhooks = async (deps: KarbonDeps, keys: KarbonKeys, token: string, signingKey: string) => {
  const target = `${deps.config.appUrl}${API_PREFIX}/integrations/karbon/webhooks/${token}/`;
  const subscribed: string[] = [];
  let error: string | null = null;
  for (const type of KARBON_WEBHOOK_TYPES) {
    try {
      await deps.karbon.subscribe(keys, type, target, signingKey);
      subscribed.push(type);
    } catch (err) {
      if (!(err instanceof KarbonRefusedError || err instanceof KarbonUnreachableError)) throw err;
      error = `Karbon would not send its ${type} webhooks to ${target}: ${err.message}`;
    }
  }
  return { subscribed, error };
};

/** Checks the keys with Karbon, stores them sealed, subscribes the webhooks and reads Karbon's lists. */
const connect = async (deps: KarbonDeps, actor: Actor, keys: KarbonKeys) => {
  const firmActor = can.administerFirm(actor);
  if (await findInstance(deps.db, firmActor.firmId)) throw new ConflictError('Karbon is already connected for this firm: disconnect it first to use other keys.');
  let tenant;
  let users;
  try {
    tenant = await deps.karbon.tenantSettings(keys);
    users = await deps.karbon.users(keys);
  } catch (err) {
    throw connectFailure(err);
  }
  const box = createSecretBox(deps.config.secretKey);
  const token = randomBytes(24).toString('base64url');
  const signingKey = randomBytes(24).toString('base64url');
  const instance = await deps.db.transaction(async (tx) => {
    const row = await insertInstance(tx, {
      firmId: firmActor.firmId,
      applicationIdEnc: box.seal(keys.applicationId),
      accessKeyEnc: box.seal(keys.accessKey),
      tenantKey: tenant.tenantKey,
      sandbox: keys.sandbox,
      webhookToken: token,
      signingKeyEnc: box.seal(signingKey),
      settings: DEFAULT_KARBON_SETTINGS,
      workTypes: tenant.workTypes,
      workStatuses: tenant.workStatuses,
      users,
      connectedBy: actor.userId,
    });
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'karbon.connect',
      targetType: 'firm',
      targetPk: firmActor.firmId,
      details: { tenant_key: tenant.tenantKey, sandbox: keys.sandbox },
    });
    return row;
  });
  const webhooks = await subscribeWebhooks(deps, keys, token, signingKey);
  await updateInstance(deps.db, firmActor.firmId, { webhooks: webhooks.subscribed, lastError: webhooks.error, lastErrorAt: webhooks.error ? new Date() : null });
  // Connected by now: a directory Karbon cannot hand over shows on the page, and its resync reads it again.
  await readDirectory(deps, instance).catch(async (err: unknown) => {
    if (karbonFailure(err) === err) throw err;
    await updateInstance(deps.db, firmActor.firmId, {
      lastError: `Karbon’s organizations and contacts could not be read: ${(err as Error).message}`,
      lastErrorAt: new Date(),
    });
  });
  return serializeInstance(deps.db, (await findInstance(deps.db, firmActor.firmId))!);
};

/** `instance/`: the firm admin pastes the Application ID and Access Key. */
export const createInstance = (deps: KarbonDeps, actor: Actor, body: KarbonInstanceBody) =>
  connect(deps, actor, { applicationId: body.application_id, accessKey: body.access_key, sandbox: false });

/** `sandbox/connect/`: the built-in sandbox Karbon's keys for this firm. */
export const connectSandbox = async (deps: KarbonDeps, actor: Actor, sandboxKeys: (firmId: number) => Promise<{ applicationId: string; accessKey: string }>) => {
  const firmActor = can.administerFirm(actor);
  if (!deps.config.sandboxes) throw new NotFoundError(unavailable.karbonSandbox);
  return connect(deps, actor, { ...(await sandboxKeys(firmActor.firmId)), sandbox: true });
};

/** `instance/delete/`: Karbon's webhooks are cancelled (best effort), then every key and mapping is forgotten. */
export const removeInstance = async (deps: KarbonDeps, actor: Actor, _input: NoInput) => {
  const { firmActor, instance } = await instanceFor(deps, actor);
  const keys = keysOf(deps.config, instance);
  for (const type of instance.webhooks) await deps.karbon.unsubscribe(keys, type).catch(() => undefined);
  await deps.db.transaction(async (tx) => {
    await deleteInstance(tx, firmActor.firmId);
    await writeAudit(tx, {
      firmId: firmActor.firmId,
      actorUserId: actor.userId,
      action: 'karbon.disconnect',
      targetType: 'firm',
      targetPk: firmActor.firmId,
      details: {},
    });
  });
};
