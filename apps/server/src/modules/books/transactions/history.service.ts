import { inArray } from 'drizzle-orm';
import {
  ANSWER_CHANNELS,
  CHANGED_FIELDS,
  HISTORY_ACTIONS,
  HISTORY_LIMIT,
  TRANSACTION_STATUSES,
  type ChangedField,
  type HistoryAction,
  type HistoryEntry,
  type HistoryPerson,
  type TransactionHistory,
  type TransactionStatus,
} from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';
import { listTargetAudit } from '../../../kernel/audit.queries.js';
import { companyAccess } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { findScoped } from '../../../kernel/transaction-access.js';
import { dayInWords } from '../../../lib/calendar-days.js';

interface PersonRow {
  pk: number;
  firstName: string;
  lastName: string;
  email: string;
  accountType: string;
}

const STAFF = ['ACCOUNTANT', 'ACCOUNTANT_COWORKER'];

/** A person as the history names them: their name, or their email when they gave none. */
const personOf = (row: PersonRow): HistoryPerson => ({
  pk: row.pk,
  name: `${row.firstName} ${row.lastName}`.trim() || row.email,
  side: STAFF.includes(row.accountType) ? 'accountant' : 'client',
});

const statusOf = (value: unknown): TransactionStatus | null =>
  typeof value === 'string' && (TRANSACTION_STATUSES as readonly string[]).includes(value) ? (value as TransactionStatus) : null;
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const viaOf = (value: unknown) => ((ANSWER_CHANNELS as readonly unknown[]).includes(value) ? (value as HistoryEntry['via']) : null);
const changedOf = (value: unknown): ChangedField[] =>
  Array.isArray(value) ? value.filter((v): v is ChangedField => (CHANGED_FIELDS as readonly unknown[]).includes(v)) : [];

/** Which receipt a match brought, by the vendor it had then, and what the match did to the transaction. */
const receiptMatchWords = (details: Record<string, unknown>) => {
  const vendor = textOf(details.receipt_vendor);
  return `${vendor ? `The receipt from ${vendor}` : 'A receipt'} was matched to this transaction; its file is attached.`;
};

/** A publish that went as a correction (the transaction dated in a closed period) says where the answer went. */
const correctionWords = (correction: unknown): string => {
  if (typeof correction !== 'object' || correction === null) return '';
  const { date, journal } = correction as { date?: unknown; journal?: unknown };
  if (typeof date !== 'string') return '';
  return `Dated in a closed period: the answer was posted as a journal entry dated ${dayInWords(date)}${typeof journal === 'string' ? ` (journal ${journal})` : ''}.`;
};

type AuditRow = Awaited<ReturnType<typeof listTargetAudit>>[number];

/** An audit entry in the drawer's terms; the send-back message or the ledger's refusal travel in its details. */
const entryOf = (row: AuditRow): HistoryEntry => {
  const details = (row.details ?? {}) as Record<string, unknown>;
  return {
    pk: row.pk,
    action: row.action as HistoryAction,
    at: row.createdAt.toISOString(),
    actor:
      row.actorPk === null
        ? null
        : personOf({ pk: row.actorPk, firstName: row.firstName ?? '', lastName: row.lastName ?? '', email: row.email ?? '', accountType: row.accountType ?? '' }),
    from: statusOf(details.from),
    to: statusOf(details.to),
    message:
      row.action === 'transaction.receipt_match' ? receiptMatchWords(details) : textOf(details.message) || textOf(details.error) || correctionWords(details.correction),
    viewing_as_client: details.viewing_as_client === true,
    changed: changedOf(details.changed),
    via: viaOf(details.via),
  };
};

const findPeople = async (db: Db, pks: (number | null)[]) => {
  const wanted = [...new Set(pks.filter((pk): pk is number => pk !== null))];
  if (wanted.length === 0) return new Map<number, HistoryPerson>();
  const rows = await db
    .select({ pk: users.pk, firstName: users.firstName, lastName: users.lastName, email: users.email, accountType: users.accountType })
    .from(users)
    .where(inArray(users.pk, wanted));
  return new Map(rows.map((row) => [row.pk, personOf(row)]));
};

const LEDGER_HOLDS = new Set<TransactionStatus>(['PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM']);

/**
 * The accountant's review of one transaction: who answered it and when, when
 * it reached the ledger, and its audit trail (answers, edits, send-backs with
 * the message, publishes, the ledger's refusals). Accountant side only (a
 * client is 403); a transaction of a company the actor cannot see is 404.
 * Bounded: the newest HISTORY_LIMIT entries, oldest first.
 */
export const transactionHistory = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, transactionPk }: { companyPk: number; transactionPk: number },
): Promise<TransactionHistory> => {
  const access = await companyAccess(db, actor, companyPk, 'accountant');
  const [row] = await findScoped(db, access, [transactionPk]);
  const audit = await listTargetAudit(db, access.company.firmId, { type: 'transaction', pk: row!.pk }, HISTORY_ACTIONS, HISTORY_LIMIT + 1);
  const entries = audit.slice(0, HISTORY_LIMIT).reverse().map(entryOf);
  const people = await findPeople(db, [row!.categorizedBy, row!.publishedBy]);
  const whoOf = (pk: number | null) => (pk === null ? null : (people.get(pk) ?? null));
  // A match found by a pull has no publisher: the entry that moved it there says when.
  const reachedLedger = entries.findLast((e) => e.to !== null && LEDGER_HOLDS.has(e.to));
  const published = row!.publishedAt
    ? { by: whoOf(row!.publishedBy), at: row!.publishedAt.toISOString() }
    : reachedLedger
      ? { by: reachedLedger.actor, at: reachedLedger.at }
      : null;
  return {
    status: row!.status,
    connection_kind: access.company.connectionKind,
    answered: row!.categorizedAt ? { by: whoOf(row!.categorizedBy), at: row!.categorizedAt.toISOString() } : null,
    published,
    entries,
    truncated: audit.length > HISTORY_LIMIT,
  };
};
