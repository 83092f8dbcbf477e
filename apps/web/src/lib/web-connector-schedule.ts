import { formatTimeOrDateTime } from './format';

/** A run this long past its expected time is late (the Web Connector's own timer is not to the second). */
const LATE_AFTER_MS = 60_000;

/** Whether the QuickBooks Web Connector's expected run has passed without it. */
export const isConnectorRunLate = (at: string, now: number = Date.now()): boolean => new Date(at).getTime() < now - LATE_AFTER_MS;

/**
 * When a QuickBooks Desktop company's Web Connector runs next, in the words every screen uses: the set-up
 * card, the clients list, the publish message and the rows waiting to be written. `at` is the server's one
 * schedule (`ledger_sync.next_sync_at`, `next_run_expected_at`: the last run's start plus the .qwc file's
 * interval), null before the first run.
 */
export const nextConnectorRunWords = (at: string | null, now: number = Date.now()): string => {
  if (!at) return 'not known until its first run';
  const when = `about ${formatTimeOrDateTime(at, new Date(now))}`;
  return isConnectorRunLate(at, now) ? `late: expected ${when}` : when;
};

/** What a transaction handed to QuickBooks Desktop is waiting for, instead of a bare "Processing". */
export const waitingForConnectorText = (at: string | null, now: number = Date.now()): string =>
  `Waiting for the Web Connector (${at ? `next run ${nextConnectorRunWords(at, now)}` : 'its first run'})`;
