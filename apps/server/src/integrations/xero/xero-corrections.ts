import type { CorrectionItem, CorrectionOutcome, LedgerReferences, SettledCorrection } from '../../modules/books/ledger/ledger-records.port.js';
import { XeroValidationError, type XeroApi } from './xero-api.js';
import { buildCorrectionJournal, xeroIdempotencyKey } from './xero-correction-map.js';
import { xeroLookups, type XeroLookups } from './xero-lookups.js';
import { xeroExternalId } from './xero-records.js';
import { acceptedOf } from './xero-publish.js';
import { XeroUnpublishableError } from './xero-unpublishable.js';
import { text, type XeroObject } from './xero-values.js';

const rejected = (code: string, message: string): CorrectionOutcome => ({ kind: 'rejected', code, message });

/**
 * Xero posts a manual journal in the organisation's base currency only, and the correction's amounts
 * are in the transaction's: a foreign-currency transaction would be corrected by the wrong amount, so
 * it is refused instead. A journal being corrected is in the base currency whatever Herd read for it
 * (Xero's journals carry no currency).
 */
const currencyRefusal = (item: CorrectionItem, baseCurrency: string): string | null => {
  if (baseCurrency === '' || item.entityType === 'ManualJournal' || item.currency === baseCurrency) return null;
  return `Xero posts a manual journal in the organisation's currency (${baseCurrency}) only, and this transaction is in ${item.currency}. Post the correction in Xero.`;
};

/**
 * One correction, in a request of its own: its Idempotency-Key is the correction's, the same on every
 * attempt, so a job retried after Xero wrote the journal gets Xero's first answer and no second
 * journal (several to a request would share one key, and a retry grouping them otherwise would send
 * another and post them again). Xero's refusal (its ValidationErrors, or a 400 about this one
 * journal) is the correction's, in Xero's words; auth, rate and reachability failures are thrown.
 */
const postOne = async (api: XeroApi, item: CorrectionItem, lookups: XeroLookups, baseCurrency: string): Promise<CorrectionOutcome> => {
  const foreign = currencyRefusal(item, baseCurrency);
  if (foreign) return rejected('HERD', foreign);
  let journal: XeroObject;
  try {
    journal = buildCorrectionJournal(item, lookups);
  } catch (err) {
    if (!(err instanceof XeroUnpublishableError)) throw err;
    return rejected('HERD', err.message);
  }
  try {
    const [answer] = await api.create('ManualJournals', [journal], xeroIdempotencyKey(item.idempotencyKey));
    const accepted = acceptedOf(answer);
    if ('refusal' in accepted) return rejected('XERO', accepted.refusal);
    // Named as a pull names the journal, so the module knows it for Herd's own when the pull reads it.
    return { kind: 'posted', journalExternalId: xeroExternalId('ManualJournal', text(accepted.answer.ManualJournalID)) };
  } catch (err) {
    if (!(err instanceof XeroValidationError)) throw err;
    return rejected('XERO', err.message);
  }
};

/**
 * Posts each correction as a manual journal dated in the open period, handing back what each answer
 * of Xero settled before the next is sent. The corrected transactions themselves are not touched
 * (Xero refuses any change dated on or before its lock dates). The organisation is read once first,
 * for its base currency.
 */
export async function* postCorrectionsToXero(api: XeroApi, items: CorrectionItem[], references: LedgerReferences): AsyncGenerator<SettledCorrection[]> {
  if (items.length === 0) return;
  const lookups = xeroLookups(references);
  const baseCurrency = text((await api.organisation())?.BaseCurrency);
  for (const item of items) yield [{ item, outcome: await postOne(api, item, lookups, baseCurrency) }];
}
