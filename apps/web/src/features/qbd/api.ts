import { useQuery, useQueryClient } from '@tanstack/react-query';
import { qbdEndpoints as e } from '@herd/contract/endpoints/qbd';
import { API_PREFIX } from '@herd/contract/paths';
import type { QbdConnector, QbdUpdateFilePathBody } from '@herd/contract/qbd';
import { call } from '../../lib/api-client';
import { isSyncBusy, SYNC_POLL_MS } from '../../lib/ledger-sync';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { clientKeys } from '../clients/api';

export const qbdKeys = {
  all: ['qbd'] as const,
  connector: (companyPk: number) => [...qbdKeys.all, 'connector', companyPk] as const,
};

/** A run still going, or a pull waiting for one: the card asks again until it has ended. */
const isBusy = (connector: QbdConnector | undefined) => connector?.last_run?.outcome === 'RUNNING' || isSyncBusy(connector?.sync);

/** One QuickBooks Desktop company's Web Connector set-up and last run; refreshed every few seconds while a run is going. */
export const useQbdConnector = (companyPk: number) =>
  useQuery({
    queryKey: qbdKeys.connector(companyPk),
    queryFn: async () => {
      const { results } = await call(e.filePaths, { query: { client_company: companyPk } });
      const connector = results.find((item) => item.client_company === companyPk);
      if (!connector) throw new Error('This client company is not set up for QuickBooks Desktop.');
      return connector;
    },
    refetchInterval: (query) => (isBusy(query.state.data) ? SYNC_POLL_MS : false),
  });

/** The .qwc file with this interval; a plain link, so the browser downloads it with the session cookie. */
export const qwcDownloadUrl = (companyPk: number, runEveryMinutes: number): string => {
  const query = new URLSearchParams({ client_company: String(companyPk), run_every_minutes: String(runEveryMinutes) });
  return `${API_PREFIX}/${e.downloadQwc.path}?${query.toString()}`;
};

/** How long after a download the card asks again: the server keeps the file's interval as it answers, out of the app's sight. */
const AFTER_DOWNLOAD_MS = 1500;

/** The .qwc download is a plain link the app does not see answered: the card asks again a moment later, for the interval the server kept. */
export const useRefreshAfterDownload = (companyPk: number) => {
  const client = useQueryClient();
  return () => window.setTimeout(() => void client.invalidateQueries({ queryKey: qbdKeys.connector(companyPk) }), AFTER_DOWNLOAD_MS);
};

/** After anything that changes the set-up or pulls: the card and the company (its sync state, its counts). */
const useRefreshCompany = () => {
  const client = useQueryClient();
  return (companyPk: number) =>
    Promise.all([client.invalidateQueries({ queryKey: qbdKeys.connector(companyPk) }), client.invalidateQueries({ queryKey: clientKeys.all })]);
};

export const useUpdateQbdFilePath = (companyPk: number) => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: QbdUpdateFilePathBody) => call(e.updateFilePath, { params: { pk: companyPk }, body }),
    onSuccess: (connector) => client.setQueryData(qbdKeys.connector(companyPk), connector),
  });
};

/** A new Web Connector password: the answer is the only time it is seen. */
export const useNewQbdPassword = (companyPk: number) => {
  const refresh = useRefreshCompany();
  return useSubmitMutation({
    mutationFn: () => call(e.password, { params: { pk: companyPk } }),
    onSuccess: () => refresh(companyPk),
  });
};

/** Pull what changed at the next Web Connector run. */
export const useQbdPullAtNextRun = (companyPk: number) => {
  const refresh = useRefreshCompany();
  return useSubmitMutation({
    mutationFn: () => call(e.syncClient, { body: { client_company: companyPk } }),
    onSuccess: () => refresh(companyPk),
  });
};

/** Sandbox companies only: the simulated Web Connector runs a whole session now (a few seconds). */
export const useQbdSandboxRun = (companyPk: number) => {
  const refresh = useRefreshCompany();
  return useSubmitMutation({
    mutationFn: () => call(e.sandboxRun, { params: { pk: companyPk } }),
    onSettled: () => refresh(companyPk),
  });
};
