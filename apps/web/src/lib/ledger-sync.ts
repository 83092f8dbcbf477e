import type { LedgerSyncInfo } from '@herd/contract';

/** A sync the server has not finished: screens showing it ask again until it has. */
export const isSyncBusy = (sync: LedgerSyncInfo | null | undefined): boolean => sync?.state === 'QUEUED' || sync?.state === 'RUNNING';

/** How often screens ask again while a sync or a publish runs in the background. */
export const SYNC_POLL_MS = 3000;
