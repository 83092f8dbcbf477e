import type { KarbonSettings } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { effectiveSettings } from './karbon.settings.js';
import { findClientOverrides, findInstance, findMapping, recordEvent } from './karbon.queries.js';

/** The Herd events Karbon hears of, and the setting that turns each on. */
export const KARBON_EVENT_SETTINGS = {
  TRANSACTIONS_ANSWERED: 'note_on_transactions_answered',
  REQUEST_ANSWERED: 'note_on_request_answered',
  RECEIPTS_ARRIVED: 'note_on_receipts_arrived',
  REQUEST_SENT: 'work_item_on_request_sent',
  SYNC_ERROR: 'work_item_on_sync_error',
  CALL_DUE: 'work_item_on_call_due',
} as const satisfies Record<string, keyof KarbonSettings>;
export type KarbonEventKind = keyof typeof KARBON_EVENT_SETTINGS;

/**
 * Records, in the caller's transaction (the one that saved the event), what Herd owes the firm's
 * Karbon: only when the firm has Karbon, the company is linked to a Karbon client, and the company's
 * settings ask for it. A sweep sends it within a minute (karbon-delivery.job.ts). An event about one
 * request names it (`about`); the others of one kind and company still waiting are counted into one.
 */
export const oweKarbon = async (
  tx: Db,
  e: { firmId: number; companyPk: number; kind: KarbonEventKind; about?: string; count?: number; payload?: Record<string, unknown> },
) => {
  const instance = await findInstance(tx, e.firmId);
  if (!instance) return;
  if (!(await findMapping(tx, e.companyPk))) return;
  const settings = effectiveSettings(instance.settings, await findClientOverrides(tx, e.companyPk));
  if (!settings[KARBON_EVENT_SETTINGS[e.kind]]) return;
  await recordEvent(tx, {
    firmId: e.firmId,
    companyPk: e.companyPk,
    kind: e.kind,
    ...(e.about ? { about: e.about } : {}),
    count: e.count ?? 1,
    payload: e.payload ?? {},
  });
};
