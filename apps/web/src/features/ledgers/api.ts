import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { leaveAppForAnswer } from '../../lib/navigation';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { clientKeys } from '../clients/api';
import { ledgerOfCompany, OAUTH_LEDGERS, type LedgerCompany, type OAuthLedgerKind } from './oauth-ledgers';

export const ledgerKeys = {
  all: ['ledger-connection'] as const,
  profile: (company: LedgerCompany) => [...ledgerKeys.all, 'profile', company.connection_kind, company.pk] as const,
};

/**
 * Connect a ledger: off to its consent page, which the server named. Without `companyPk` the ledger's
 * company (or organisations) become new client companies; with it, that company switches to the ledger.
 */
export const useConnectLedger = (kind: OAuthLedgerKind) =>
  useSubmitMutation({
    mutationFn: (companyPk?: number) => leaveAppForAnswer(call(OAUTH_LEDGERS[kind].endpoints.connect, { query: companyPk ? { client_company: companyPk } : undefined })),
  });

/** Connect again a company whose ledger refused Herd's sign-in (NEEDS_REAUTH), through that company's own ledger. */
export const useReconnectLedger = () =>
  useSubmitMutation({
    mutationFn: (company: LedgerCompany) => leaveAppForAnswer(call(ledgerOfCompany(company).endpoints.reauth, { query: { client_company: company.pk } })),
  });

/** A company's ledger connection and where its sync stands, from its own ledger's endpoint. */
export const useLedgerProfile = (company: LedgerCompany, enabled = true) =>
  useQuery({
    queryKey: ledgerKeys.profile(company),
    queryFn: () => call(ledgerOfCompany(company).endpoints.profile, { query: { client_company: company.pk } }),
    enabled,
  });

/** Pull what changed in the company's ledger now; its sync state then says QUEUED, then RUNNING. */
export const useSyncClient = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (company: LedgerCompany) => call(ledgerOfCompany(company).endpoints.syncClient, { body: { client_company: company.pk } }),
    onSuccess: (_result, company) =>
      Promise.all([client.invalidateQueries({ queryKey: clientKeys.all }), client.invalidateQueries({ queryKey: ledgerKeys.profile(company) })]),
  });
};
