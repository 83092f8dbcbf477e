import { useQuery, useQueryClient } from '@tanstack/react-query';
import { xeroEndpoints, type BodyOf, type ResponseOf } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { clientKeys } from '../clients/api';

export type PendingGrant = ResponseOf<typeof xeroEndpoints.pendingGrant>;
export type XeroOrganisation = PendingGrant['organisations'][number];
export type SelectClientBody = BodyOf<typeof xeroEndpoints.selectClient>;

export const xeroKeys = {
  all: ['xero'] as const,
  pendingGrant: (grant: string) => [...xeroKeys.all, 'pending-grant', grant] as const,
  attachments: (transactionPk: number) => [...xeroKeys.all, 'attachments', transactionPk] as const,
};

/** The organisations one Xero consent granted, waiting to be placed; an unknown or expired grant answers 404. */
export const usePendingGrant = (grant: string | null) =>
  useQuery({
    queryKey: xeroKeys.pendingGrant(grant ?? ''),
    queryFn: () => call(xeroEndpoints.pendingGrant, { query: { grant: grant ?? '' } }),
    enabled: grant !== null,
    // Placed once: after that the grant is gone, and asking again would say it expired.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** Places each ticked organisation (a new client company, or one of the firm's); the others are disconnected. */
export const useSelectClient = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: SelectClientBody) => call(xeroEndpoints.selectClient, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: clientKeys.all }),
  });
};

/**
 * The files Xero already holds on a client's transaction (of a Xero company). Only a hint beside the
 * client's own files: a failure is not asked again, and shows nothing.
 */
export const useXeroAttachments = (transactionPk: number, enabled: boolean) =>
  useQuery({
    queryKey: xeroKeys.attachments(transactionPk),
    queryFn: () => call(xeroEndpoints.clientAttachments, { params: { transactionPk } }),
    enabled,
    retry: false,
  });
