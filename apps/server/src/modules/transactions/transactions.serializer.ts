import type { Transaction } from '@herd/contract';
import { fileUrl } from '../storage/storage.service.js';
import type { TransactionRow, loadDetails } from './transactions.queries.js';

type Details = Awaited<ReturnType<typeof loadDetails>>;
type Named = { pk: number; name: string };

const named = (map: Map<number, string>, pk: number | null) => (pk === null ? null : { pk, name: map.get(pk) ?? '' });

export const toTransactions = (rows: TransactionRow[], details: Details, accountNames: Named[]): Transaction[] => {
  const accounts = new Map([...details.accounts, ...accountNames].map((a) => [a.pk, a.name]));
  const refs = new Map(details.refs.map((r) => [r.pk, r.name]));
  return rows.map((row) => ({
    pk: row.pk,
    client_company: row.clientCompanyId,
    type: row.type,
    subtype: row.subtype,
    date: row.date,
    amount: row.amount,
    currency: row.currency,
    description: row.description,
    payee: row.payee,
    payment_account: named(accounts, row.paymentAccountId),
    watched_account: named(accounts, row.watchedAccountId),
    status: row.status,
    is_hidden: row.isHidden,
    direction: row.type === 'DEPOSIT' ? 'SALES' : 'COSTS',
    lines: details.lines
      .filter((l) => l.transactionId === row.pk)
      .map((l) => ({
        pk: l.pk,
        amount: l.amount,
        description: l.description,
        category: named(accounts, l.categoryId),
        vendor: named(refs, l.vendorId),
        customer: named(refs, l.customerId),
        class: named(refs, l.classId),
        location: named(refs, l.locationId),
        tax: named(refs, l.taxId),
        tracking_option_one: named(refs, l.trackingOptionOneId),
        tracking_option_two: named(refs, l.trackingOptionTwoId),
        billable: l.billable,
      })),
    attachments: details.attachments
      .filter((a) => a.transactionId === row.pk)
      .map((a) => ({ pk: a.pk, file: a.fileId, name: a.name, content_type: a.contentType, url: fileUrl(a.fileId) })),
    sync_errors: details.errors
      .filter((e) => e.transactionId === row.pk)
      .map((e) => ({ pk: e.pk, message: e.message, created_at: e.createdAt.toISOString() })),
    client_memo: row.clientMemo,
    back_message: row.backMessage,
    notes_count: details.noteCounts.find((n) => n.targetPk === row.pk)?.n ?? 0,
    updated_at: row.updatedAt.toISOString(),
  }));
};
