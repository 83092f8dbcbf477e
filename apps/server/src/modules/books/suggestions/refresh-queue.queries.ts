import { createHash } from 'node:crypto';
import type { JobQueue } from '../../../jobs/job-queue.js';

/**
 * Asks for the suggestions of a company's open transactions to be computed again: all of them
 * (transactions arrived) or those of some merchants (answers about them changed). Keyed by the
 * company and the batch of merchants, so asking twice while one waits costs nothing.
 */
export const queueSuggestionRefresh = async (jobs: Pick<JobQueue, 'send'>, companyPk: number, merchantKeys: (string | null)[] | null) => {
  const known = merchantKeys === null ? null : [...new Set(merchantKeys)];
  // A row whose merchant is not read yet could be anyone's: the whole company then.
  const keys = known === null || known.includes(null) ? null : (known as string[]).filter((k) => k !== '').sort();
  if (keys !== null && keys.length === 0) return;
  const batch = keys === null ? 'all' : createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 16);
  await jobs.send('suggestions-refresh', { companyPk, merchantKeys: keys }, `suggest:${companyPk}:${batch}`);
};
