import type { QbdConnector } from '@herd/contract/qbd';

type Outcome = NonNullable<QbdConnector['last_run']>['outcome'];

/** How a Web Connector run ended, in words, with the colour of its tag and what it means for the accountant. */
export const RUN_OUTCOMES: Record<Outcome, { label: string; color: string; meaning: string }> = {
  RUNNING: { label: 'Running now', color: 'processing', meaning: 'The Web Connector is exchanging data with Herd.' },
  FINISHED: { label: 'Finished', color: 'success', meaning: 'Everything Herd asked for was done.' },
  FAILED: { label: 'Failed', color: 'error', meaning: 'The run stopped on an error; the next run tries again.' },
  INTERRUPTED: {
    label: 'Stopped before the end',
    color: 'warning',
    meaning: 'The Web Connector left before the run was done (QuickBooks closed, the computer slept). The next run carries on.',
  },
  WRONG_FILE: {
    label: 'Another company file was open',
    color: 'error',
    meaning: 'QuickBooks had a different company file open than the one Herd expects, so Herd did nothing. Open the right file, or change the path below.',
  },
};

/** "every 60 minutes", "every minute", "every 2 hours" (whole hours read as hours). */
export const intervalText = (minutes: number): string => {
  if (minutes === 1) return 'every minute';
  if (minutes % 60 === 0) return minutes === 60 ? 'every hour' : `every ${minutes / 60} hours`;
  return `every ${minutes} minutes`;
};
