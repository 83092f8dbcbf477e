import { PUSH_INTERVAL_MINUTES } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { createSecretBox, type SecretBox } from '../../../lib/secret-box.js';
import { pushMessageOf } from './push-message.content.js';
import { newsOf } from './push-news.service.js';
import { claimTurn, deleteDeviceByPk, findDevices, findDueStates, markDeviceSent, markPushedThrough, releaseTurn } from './push.queries.js';
import { isQuietAt } from './quiet-hours.rule.js';
import type { PushOutcome, PushSubscriptionRecord } from './web-push.port.js';

export type PushSweepDeps = Pick<AppDeps, 'db' | 'push' | 'config'> & { log: { warn: (details: object, message: string) => void } };

/** People looked at per run; the rest wait for the next minute's. */
const PEOPLE_PER_RUN = 500;

type PushState = Awaited<ReturnType<typeof findDueStates>>[number];

/**
 * Pushes one person their news since their last push, to each of their devices not in its quiet
 * hours, as one notification. Their turn is taken first, so two sweeps never push the same news; a
 * device its push service says is gone is forgotten. When no device took it (each push service
 * failing), the turn is given back and the next run tries again.
 */
const pushTo = async (deps: PushSweepDeps, box: SecretBox, state: PushState, notAfter: Date, now: Date): Promise<number> => {
  const quiet = state.quietStart && state.quietEnd ? { start: state.quietStart, end: state.quietEnd } : null;
  const devices = (await findDevices(deps.db, state.userId)).filter((device) => !isQuietAt(now, device.timeZone, quiet));
  if (devices.length === 0) return 0;
  const news = await newsOf(deps.db, state.userId, state.pushedThrough, now);
  const message = news && pushMessageOf(news);
  if (!message) return 0;
  if (!(await claimTurn(deps.db, state.userId, notAfter, now))) return 0;
  const outcomes: (PushOutcome | 'failed')[] = [];
  for (const device of devices) {
    const subscription = JSON.parse(box.open(device.subscription)) as PushSubscriptionRecord;
    const outcome = await deps.push.send(subscription, message).catch((error: unknown) => {
      deps.log.warn({ err: error, device: device.pk }, 'push service refused a push');
      return 'failed' as const;
    });
    outcomes.push(outcome);
    if (outcome === 'gone') await deleteDeviceByPk(deps.db, device.pk);
    if (outcome === 'sent') await markDeviceSent(deps.db, device.pk, now);
  }
  if (outcomes.every((outcome) => outcome === 'failed')) {
    await releaseTurn(deps.db, state.userId, state.lastPushAt);
    return 0;
  }
  await markPushedThrough(deps.db, state.userId, now);
  return outcomes.filter((outcome) => outcome === 'sent').length;
};

/** Every minute: each person whose quarter hour has passed gets their news in one push. Answers how many pushes went. */
export const sweepPushes = async (deps: PushSweepDeps, now = new Date()): Promise<number> => {
  const notAfter = new Date(now.getTime() - PUSH_INTERVAL_MINUTES * 60_000);
  // The key derivation is done once a run, not once a person.
  const box = createSecretBox(deps.config.secretKey);
  let sent = 0;
  for (const state of await findDueStates(deps.db, notAfter, PEOPLE_PER_RUN)) sent += await pushTo(deps, box, state, notAfter, now);
  return sent;
};
