import type { AppDeps } from '../../../app-deps.js';
import type { Actor } from '../../../kernel/actor.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { requestsWaitingOnClient } from '../communications/communications.face.js';
import { countOpenReceipts } from '../../files/receipts/receipts.face.js';
import { countersFor } from '../../books/transactions/transactions.face.js';

/** The client's company counters: their transactions, the open receipts they see, and the requests waiting on them (their dashboard's figures per company). */
export const clientCompanyCounters = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const access = await companyAccess(db, actor, companyPk, 'client');
  const [counters, openReceipts, openRequests] = await Promise.all([countersFor(db, access), countOpenReceipts(db, access), requestsWaitingOnClient(db, access)]);
  return { ...counters, open_receipts: openReceipts, open_requests: openRequests };
};
