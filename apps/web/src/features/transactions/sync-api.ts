import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { transactionEndpoints as e } from '@herd/contract';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { call } from '../../lib/api-client';
import { clientKeys } from '../clients/api';
import { transactionKeys, type TransactionPage } from './api';

/** "Pull missing": what the ledger has that Herd has not; "Full resync": everything since the sync date again. */
export type PullMode = 'sync-missing' | 'fully-resync';

/** Rows a background job is writing to the ledger right now. */
export const hasProcessing = (page: TransactionPage | undefined): boolean => Boolean(page?.results.some((t) => t.status === 'PROCESSING'));

/** The company's state (QUEUED, RUNNING) and its lists change as the job runs. */
const useInvalidateSync = () => {
  const client = useQueryClient();
  return (companyPk: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: clientKeys.detail(companyPk) }),
      client.invalidateQueries({ queryKey: clientKeys.lists() }),
      client.invalidateQueries({ queryKey: transactionKeys.company(companyPk) }),
    ]);
};

/** Pulls from the ledger in the background; a ledger Herd cannot read answers `queued: false` and why. */
export const useLedgerPull = (companyPk: number) => {
  const invalidate = useInvalidateSync();
  return useSubmitMutation({
    mutationFn: (mode: PullMode) => call(mode === 'sync-missing' ? e.syncMissing : e.fullyResync, { params: { pk: companyPk } }),
    onSuccess: () => invalidate(companyPk),
  });
};

/** Reads the chosen transactions again from the ledger. */
export const useResync = (companyPk: number) => {
  const invalidate = useInvalidateSync();
  return useSubmitMutation({
    mutationFn: (pks: number[]) => call(e.resync, { params: { pk: companyPk }, body: { pks } }),
    onSuccess: () => invalidate(companyPk),
  });
};

/**
 * When a background sync or publish finishes, the open work per client is
 * read again once more, and everything of `companyPk` when given.
 */
export const useRefreshWhenSettled = (companyPk: number | null, busy: boolean) => {
  const client = useQueryClient();
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) {
      if (companyPk !== null) void client.invalidateQueries({ queryKey: transactionKeys.company(companyPk) });
      void client.invalidateQueries({ queryKey: transactionKeys.companyCounts() });
    }
    wasBusy.current = busy;
  }, [busy, client, companyPk]);
};
