import { requireEndpoint } from './endpoints.js';
import type { OrgStore } from './store.js';
import { isJsonObject, type JsonObject, type XeroRecord } from './types.js';

const BANK_TRANSACTIONS = requireEndpoint('BankTransactions');
const BANK_TRANSFERS = requireEndpoint('BankTransfers');

/**
 * A bank transfer is stored with the two bank transactions Xero derives from it: SPEND-TRANSFER
 * on the account the money leaves and RECEIVE-TRANSFER on the one it reaches, each pointing at
 * the other bank account and carrying no contact or tax.
 */
export function insertTransfer(store: OrgStore, fields: JsonObject, options: { at?: number; silent?: boolean } = {}): XeroRecord {
  const from = isJsonObject(fields.FromBankAccount) ? fields.FromBankAccount : {};
  const to = isJsonObject(fields.ToBankAccount) ? fields.ToBankAccount : {};
  const amount = Number(fields.Amount);
  const side = (type: string, bank: JsonObject, other: JsonObject): XeroRecord =>
    store.insert(
      BANK_TRANSACTIONS,
      {
        Type: type,
        Status: 'AUTHORISED',
        Date: fields.Date ?? null,
        Reference: fields.Reference ?? null,
        BankAccount: bank,
        LineAmountTypes: 'NoTax',
        LineItems: [
          {
            LineItemID: store.newId(),
            Description: `Bank transfer ${type === 'SPEND-TRANSFER' ? 'to' : 'from'} ${String(other.Name)}`,
            Quantity: 1,
            UnitAmount: amount,
            LineAmount: amount,
            AccountCode: other.Code ?? null,
            AccountID: other.AccountID ?? null,
            TaxType: 'NONE',
            TaxAmount: 0,
            Tracking: [],
          },
        ],
        SubTotal: amount,
        TotalTax: 0,
        Total: amount,
        IsReconciled: false,
      },
      options,
    );
  const spend = side('SPEND-TRANSFER', from, to);
  const receive = side('RECEIVE-TRANSFER', to, from);
  return store.insert(BANK_TRANSFERS, { ...fields, FromBankTransactionID: spend.id, ToBankTransactionID: receive.id, CurrencyRate: 1 }, options);
}
