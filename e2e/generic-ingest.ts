/** A bank charge as another system pushes it through the generic ledger API. */
export interface PushedCharge {
  id: string;
  payee: string;
  date: string;
  amount: string;
}

/**
 * The generic ledger API's ingest body for some charges on the demo ledger: paid from Business
 * Checking and waiting in Uncategorized Expense (the watched account), by their external ids.
 * Walks and benches push through the same body, as the other system would.
 */
export const demoLedgerIngestBody = (rows: PushedCharge[]) => ({
  transactions: rows.map((r) => ({
    external_id: r.id,
    type: 'EXPENSE',
    subtype: 'PURCHASE',
    date: r.date,
    amount: r.amount,
    description: r.payee.toUpperCase(),
    payee: r.payee,
    payment_account: 'demo:account:0',
    watched_account: 'demo:account:2',
  })),
});
