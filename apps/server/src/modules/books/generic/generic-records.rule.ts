import type { z } from 'zod';
import { centsOf, type genericTransactionsBody } from '@herd/contract';
import type { LedgerRecord } from '../ledger/ledger.face.js';

type PushedTransaction = z.infer<typeof genericTransactionsBody>['transactions'][number];

/**
 * A transaction the other system pushed, as the ledger port's record. The generic API keeps no
 * versions (so once the client has answered, Herd's answer wins: see the inbound policy), never
 * sends a categorized row, and gives the bank line as one line of the whole amount.
 */
export const genericRecordOf = (t: PushedTransaction): LedgerRecord => {
  const amountCents = centsOf(t.amount);
  return {
    externalId: t.external_id,
    version: null,
    deleted: t.deleted,
    categorizedInLedger: false,
    raw: null,
    history: [],
    transaction: t.deleted
      ? null
      : {
          entityType: 'generic',
          type: t.type,
          subtype: t.subtype,
          date: t.date,
          amountCents,
          currency: t.currency.toUpperCase(),
          description: t.description,
          payee: t.payee,
          paymentAccountExternalId: t.payment_account ?? null,
          watchedAccountExternalId: t.watched_account ?? null,
          locationExternalId: null,
          lines: [
            {
              amountCents,
              description: '',
              classExternalId: null,
              customerExternalId: null,
              taxExternalId: null,
              trackingOneExternalId: null,
              trackingTwoExternalId: null,
              billable: null,
            },
          ],
        },
  };
};
