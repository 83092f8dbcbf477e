import type { AppDeps } from '../../../app-deps.js';
import { SharedRateWindow } from '../../../lib/shared-rate-window.js';
import { KarbonAuthError, KarbonConflictError, KarbonRateLimitError, KarbonRefusedError, type KarbonKeys } from './karbon.port.js';
import { keysOf } from './karbon-access.service.js';
import { effectiveSettings } from './karbon.settings.js';
import { writableWorkStatus } from './karbon-work-status.rule.js';
import { findAssigneeCandidates, findCompaniesForMapping } from './karbon-members.queries.js';
import { KARBON_EVENT_SETTINGS, type KarbonEventKind } from './karbon-events.service.js';
import {
  claimEvent,
  dueEvents,
  findClientOverrides,
  findInstance,
  findMapping,
  firmsWithDueEvents,
  markEventAttempt,
  markEventSent,
  updateInstance,
  type KarbonEventRow,
  type KarbonInstanceRow,
} from './karbon.queries.js';

export type KarbonDeliveryDeps = Pick<AppDeps, 'db' | 'config' | 'karbon'>;

/** Karbon asks for at most 120 requests a minute per account and application; Herd keeps a little under, counted in the database for every process. */
export const KARBON_PER_MINUTE = 110;
/** An event refused this many times stops being tried and shows as failed. */
const MAX_ATTEMPTS = 8;
const backoffMs = (attempts: number) => Math.min(6 * 3_600_000, 60_000 * 2 ** attempts);

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The note or work item an event becomes, in words an accountant reads in Karbon. */
const wordsOf = (kind: KarbonEventKind, event: KarbonEventRow, company: string) => {
  const subject = typeof event.payload.subject === 'string' ? event.payload.subject : '';
  switch (kind) {
    case 'TRANSACTIONS_ANSWERED':
      return {
        title: `Herd: ${company} answered ${plural(event.count, 'transaction')}`,
        body: `${company} categorized ${plural(event.count, 'transaction')} in Herd; they are ready for review.`,
      };
    case 'REQUEST_ANSWERED':
      return { title: `Herd: ${company} answered “${subject}”`, body: `${company} answered the request “${subject}” in Herd.` };
    case 'RECEIPTS_ARRIVED':
      return { title: `Herd: ${company} sent ${plural(event.count, 'receipt')}`, body: `${company} sent ${plural(event.count, 'receipt')} to Herd.` };
    case 'REQUEST_SENT':
      return { title: `Herd: request “${subject}” sent to ${company}`, body: `The request “${subject}” was sent to ${company} in Herd; follow it up when they answer.` };
    case 'CALL_DUE':
      return {
        title: `Herd: call ${company} about their unanswered questions`,
        body: `${company} has left its questions unanswered since ${typeof event.payload.since === 'string' ? event.payload.since : 'the last reminder'}, through a reminder email and a text. A call may get things moving.`,
      };
    case 'SYNC_ERROR':
      return {
        title: `Herd: ${plural(event.count, 'transaction')} of ${company} could not be published`,
        body: `The ledger refused ${plural(event.count, 'transaction')} of ${company}: ${typeof event.payload.message === 'string' ? event.payload.message : 'see Herd'}. Clear the errors in Herd and publish again.`,
      };
  }
};

/** Who a work item goes to: as the settings say, among the people Karbon knows (by email); else the first Karbon user. */
const assigneeOf = async (deps: KarbonDeliveryDeps, instance: KarbonInstanceRow, event: KarbonEventRow, rule: string, userEmail: string | null) => {
  const known = new Set(instance.users.map((u) => u.email.toLowerCase()));
  const inKarbon = (emails: string[]) => emails.find((email) => known.has(email.toLowerCase()));
  if (rule === 'USER' && userEmail) return userEmail;
  const { assigned, admins } = await findAssigneeCandidates(deps.db, instance.firmId, event.clientCompanyId);
  return (rule === 'ASSIGNED_TEAM_MEMBER' ? inKarbon(assigned) : undefined) ?? inKarbon(admins) ?? instance.users[0]?.email ?? admins[0] ?? '';
};

/** Writes one event to Karbon: a note on the client's timeline, or a work item (looked for first, so a retry never makes a second). */
const send = async (deps: KarbonDeliveryDeps, instance: KarbonInstanceRow, keys: KarbonKeys, event: KarbonEventRow) => {
  const kind = event.kind as KarbonEventKind;
  const mapping = await findMapping(deps.db, event.clientCompanyId);
  if (!mapping) return null;
  const company = (await findCompaniesForMapping(deps.db, instance.firmId)).find((c) => c.pk === event.clientCompanyId)?.name ?? 'A client';
  const settings = effectiveSettings(instance.settings, await findClientOverrides(deps.db, event.clientCompanyId));
  const client = { key: mapping.karbonKey, type: mapping.karbonType };
  const words = wordsOf(kind, event, company);
  const assignee = await assigneeOf(deps, instance, event, settings.assignee, settings.assignee_email);
  if (KARBON_EVENT_SETTINGS[kind].startsWith('note_'))
    return (await deps.karbon.createNote(keys, { subject: words.title, body: words.body, authorEmail: assignee, client })).key;
  // The event's number keeps the title its own, so a retried event finds the work item it already made.
  const title = `${words.title} (Herd ${event.pk})`;
  const existing = await deps.karbon.findWorkItem(keys, client.key, title);
  if (existing) return existing;
  // A status no longer among the account's (read again since) leaves Karbon's default.
  const workStatus = writableWorkStatus(instance, settings.work_status);
  const item = { title, description: words.body, assigneeEmail: assignee, client, startDate: new Date(), workType: settings.work_type, workStatus };
  return (await deps.karbon.createWorkItem(keys, item)).key;
};

/**
 * Sends one firm's due events, oldest first, while its minute allows (the next sweep goes on).
 * A 429 waits for Karbon's Retry-After; a lost concurrency race (409/4020) is tried again at once,
 * once; other failures wait longer each time and show on the integration page, and a refusal that
 * keeps coming fails the event after eight tries. An event linked to no Karbon client any more is
 * dropped as sent to nobody.
 */
export const deliverFirmEvents = async (deps: KarbonDeliveryDeps, firmId: number, now = new Date()) => {
  const instance = await findInstance(deps.db, firmId);
  if (!instance) return 0;
  const keys = keysOf(deps.config, instance);
  const window = new SharedRateWindow(deps.db, 'karbon', { limit: KARBON_PER_MINUTE, windowMs: 60_000 });
  let sent = 0;
  for (const due of await dueEvents(deps.db, firmId, now, 500)) {
    if ((await window.tryTake(`firm:${firmId}`)) !== null) break;
    const event = await claimEvent(deps.db, due);
    if (!event) continue;
    try {
      let ref: string | null;
      try {
        ref = await send(deps, instance, keys, event);
      } catch (err) {
        if (!(err instanceof KarbonConflictError)) throw err;
        ref = await send(deps, instance, keys, event);
      }
      await markEventSent(deps.db, event, ref ?? '');
      sent += 1;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retryAfter = err instanceof KarbonRateLimitError ? err.retryAfterMs : backoffMs(event.attempts);
      const failed = err instanceof KarbonRefusedError && event.attempts + 1 >= MAX_ATTEMPTS;
      await markEventAttempt(deps.db, event, { lastError: message, nextAttemptAt: new Date(now.getTime() + retryAfter), failed });
      await updateInstance(deps.db, firmId, { lastError: message, lastErrorAt: now });
      if (err instanceof KarbonRateLimitError || err instanceof KarbonAuthError) break;
    }
  }
  return sent;
};

/** The minute's sweep: every firm with events whose turn has come. */
export const sweepKarbonEvents = async (deps: KarbonDeliveryDeps, now = new Date()) => {
  let sent = 0;
  for (const firmId of await firmsWithDueEvents(deps.db, now)) sent += await deliverFirmEvents(deps, firmId, now);
  return sent;
};
