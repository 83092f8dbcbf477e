import type { AnswerChannel, TransactionChange, TransactionListQuery, TransactionStatus } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { pageLinks } from '../../../lib/pagination.js';
import type { Actor } from '../../../kernel/actor.js';
import { transactionChoices } from './choices.queries.js';
import type { LedgerDeps } from './ledger-deps.types.js';
import { resyncTransactions } from './ledger-sync.service.js';
import { requestPull, type PullMode } from '../ledger-connections/ledger-connections.face.js';
import { publishTransactions } from './publish.service.js';
import { ACTIVE_STATUSES, CATEGORIZED_STATUSES, CLIENT_ACTIVE_STATUSES, CLIENT_COMPLETED_STATUSES, HIDDEN_LIST_STATUSES } from './status.rule.js';
import { countersFor, listPage } from './transactions-read.service.js';

import { applyChanges, clearErrors, sendBack, setHidden } from './transactions-write.service.js';
import { companyAccess, type Side } from '../../../kernel/company-access.js';
import type { SuggestionDeps } from '../suggestions/suggestions.face.js';
import type { AnswerDeps } from './rule-overrides.service.js';

/**
 * The transaction endpoints' one call each: every function takes the actor
 * and the company, resolves what that actor may see of it (404 otherwise)
 * and runs the rule. Routes parse and reply; nothing else.
 */

/** Which statuses, hidden or not, each list shows. */
export const LISTS = {
  accountantActive: { side: 'accountant', statuses: ACTIVE_STATUSES, hidden: false },
  accountantCategorized: { side: 'accountant', statuses: CATEGORIZED_STATUSES, hidden: false },
  accountantHidden: { side: 'accountant', statuses: HIDDEN_LIST_STATUSES, hidden: true },
  clientActive: { side: 'client', statuses: CLIENT_ACTIVE_STATUSES, hidden: false },
  clientCompleted: { side: 'client', statuses: CLIENT_COMPLETED_STATUSES, hidden: false },
} as const satisfies Record<string, { side: Side; statuses: readonly TransactionStatus[]; hidden: boolean }>;

/** One page of a list, with links to its neighbours (`url`: the request's own). */
export const listTransactions = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { list, companyPk, query, url }: { list: keyof typeof LISTS; companyPk: number; query: TransactionListQuery; url: string },
) => {
  const { side, statuses, hidden } = LISTS[list];
  const { count, capped, results } = await listPage(db, await companyAccess(db, actor, companyPk, side), { statuses, hidden }, query);
  // Past the cap there may be more pages than the count shows: a full page means there is a next one.
  const hasMore = capped && results.length === query.page_size;
  return { count, count_capped: capped, ...pageLinks(url, query.page, query.page_size, count, hasMore), results };
};

/** Answers or edits; `via` names where a client's answer came from when not the app (a text, an email reply), for the history. */
export const answerTransactions = async (
  deps: AnswerDeps,
  actor: Actor,
  { side, companyPk, changes, via }: { side: Side; companyPk: number; changes: TransactionChange[]; via?: AnswerChannel },
) => applyChanges(deps, await companyAccess(deps.db, actor, companyPk, side), changes, via);

export const splitTransaction = async (deps: AnswerDeps, actor: Actor, { companyPk, split }: { companyPk: number; split: TransactionChange }) => {
  const [result] = await applyChanges(deps, await companyAccess(deps.db, actor, companyPk, 'accountant'), [split]);
  return result!;
};

export const transactionCounters = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) =>
  countersFor(db, await companyAccess(db, actor, companyPk, 'accountant'));

export const hideTransactions = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, pks, hidden }: { companyPk: number; pks: number[]; hidden: boolean }) =>
  setHidden(db, await companyAccess(db, actor, companyPk, 'accountant'), pks, hidden);

export const sendTransactionsBack = async (
  deps: SuggestionDeps,
  actor: Actor,
  { companyPk, pks, message }: { companyPk: number; pks: number[]; message: string | undefined },
) => sendBack(deps, await companyAccess(deps.db, actor, companyPk, 'accountant'), pks, message);

export const clearTransactionErrors = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, pks }: { companyPk: number; pks: number[] }) =>
  clearErrors(db, await companyAccess(db, actor, companyPk, 'accountant'), pks);

export const publish = async (deps: LedgerDeps, actor: Actor, { companyPk, pks }: { companyPk: number; pks: number[] }) =>
  publishTransactions(deps, await companyAccess(deps.db, actor, companyPk, 'accountant'), pks);

export const resync = async (deps: LedgerDeps, actor: Actor, { companyPk, pks }: { companyPk: number; pks: number[] }) =>
  resyncTransactions(deps, await companyAccess(deps.db, actor, companyPk, 'accountant'), pks);

export const pull = async (deps: LedgerDeps, actor: Actor, { companyPk, mode }: { companyPk: number; mode: PullMode }) =>
  requestPull(deps, await companyAccess(deps.db, actor, companyPk, 'accountant'), mode);

export const filterChoices = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) =>
  transactionChoices(db, await companyAccess(db, actor, companyPk, 'accountant'));
