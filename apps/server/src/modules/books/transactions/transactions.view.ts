import type { Transaction, TransactionSuggestion } from '@herd/contract';
import { fileUrl } from '../../platform/stored-files/stored-files.face.js';
import { merchantOfTransaction } from '../suggestions/suggestions.face.js';
import { attachmentRemovalRefusal, type AttachmentViewer } from './attachment-removal.rule.js';
import { missingCategoryReason } from './publish-refusal.rule.js';
import type { Details } from './transactions-details.queries.js';
import type { TransactionRow } from './transactions.queries.js';

/**
 * What would keep a categorized transaction from being published, for the accountant's lists: read
 * from the lines the row carries anyway, so a page costs no query more. Other statuses say by
 * themselves why Publish does not take them; the client has nothing to publish.
 */
const publishBlocker = (viewer: AttachmentViewer, row: TransactionRow, lines: Details['lines']) =>
  viewer.side === 'accountant' && row.status === 'FINISHED_IN_HERD' ? missingCategoryReason(lines.map((l) => ({ hasCategory: l.refs.category !== null }))) : null;

const named = (pk: number | null, name: string | null | undefined) => (pk === null ? null : { pk, name: name ?? '' });

/** Rows as the API shows them to `viewer` (what they may do with an attachment depends on who they are). */
export const toTransactions = (
  rows: TransactionRow[],
  details: Details[],
  viewer: AttachmentViewer,
  suggestions: Map<number, TransactionSuggestion>,
  /** The ledger's closing date, for `in_closed_period` (null: no closed period). */
  closedThrough: string | null,
): Transaction[] => {
  const byPk = new Map(details.map((d) => [d.pk, d]));
  return rows.map((row) => {
    const d = byPk.get(row.pk);
    return {
      pk: row.pk,
      client_company: row.clientCompanyId,
      type: row.type,
      subtype: row.subtype,
      date: row.date,
      amount: row.amount,
      currency: row.currency,
      description: row.description,
      payee: row.payee,
      merchant: merchantOfTransaction(row)?.name ?? '',
      payment_account: named(row.paymentAccountId, d?.paymentAccountName),
      watched_account: named(row.watchedAccountId, d?.watchedAccountName),
      status: row.status,
      is_hidden: row.isHidden,
      kept_by: row.keptBy ?? null,
      direction: row.type === 'DEPOSIT' ? 'SALES' : 'COSTS',
      lines: (d?.lines ?? []).map((l) => ({ pk: l.pk, amount: l.amount, description: l.description, ...l.refs, billable: l.billable })),
      attachments: (d?.attachments ?? []).map(({ addedByClient, ...a }) => ({
        ...a,
        url: fileUrl(a.file),
        removable: attachmentRemovalRefusal(viewer, { addedByClient }) === null,
      })),
      sync_errors: (d?.syncErrors ?? []).map((e) => ({ pk: e.pk, message: e.message, created_at: new Date(e.created_at).toISOString() })),
      client_memo: row.clientMemo,
      back_message: row.backMessage,
      in_closed_period: closedThrough !== null && row.date <= closedThrough,
      notes_count: d?.notesCount ?? 0,
      updated_at: row.updatedAt.toISOString(),
      version: row.version,
      suggestion: row.status === 'READY' ? (suggestions.get(row.pk) ?? null) : null,
      answered_from_suggestion: row.answeredFromSuggestion,
      auto_answered: row.autoAnswered,
      publish_blocker: publishBlocker(viewer, row, d?.lines ?? []),
      correction: row.correctionDate ? { date: row.correctionDate, ledger_id: row.correctionExternalId } : null,
    };
  });
};
