import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clientSideEndpoints as e, clientSideEndpoints, type ClientCoworkerInviteBody } from '@herd/contract';
import { useSubmissionKey } from '../../lib/submission-key';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { call } from '../../lib/api-client';

/**
 * What a client sees of their own companies. An accountant reads the same
 * endpoints for one company when viewing it as its client.
 */
export const clientSideKeys = {
  all: ['client-side'] as const,
  companies: () => [...clientSideKeys.all, 'companies'] as const,
  company: (pk: number) => [...clientSideKeys.all, 'company', pk] as const,
  myAccountant: (pk: number) => [...clientSideKeys.all, 'my-accountant', pk] as const,
  people: (pk: number) => [...clientSideKeys.all, 'people', pk] as const,
};

/** The signed-in client's companies (a client-only endpoint: an accountant gets 403). */
export const useOwnCompanies = () => useQuery({ queryKey: clientSideKeys.companies(), queryFn: () => call(clientSideEndpoints.ownCompanies, {}) });

export const useOwnCompany = (pk: number) => useQuery({ queryKey: clientSideKeys.company(pk), queryFn: () => call(e.ownCompany, { params: { pk } }) });

export const useMyAccountant = (companyPk: number) =>
  useQuery({
    queryKey: clientSideKeys.myAccountant(companyPk),
    queryFn: () => call(e.myAccountant, { query: { client_company: companyPk } }),
  });

export const useCompanyPeople = (companyPk: number) =>
  useQuery({
    queryKey: clientSideKeys.people(companyPk),
    queryFn: () => call(e.coworkers, { query: { client_company: companyPk } }),
  });

export const useInviteClientCoworker = () => {
  const client = useQueryClient();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (body: ClientCoworkerInviteBody) => call(e.inviteCoworker, { body }, { idempotencyKey: submission.for(body) }),
    onSuccess: (_user, body) => {
      submission.done();
      return client.invalidateQueries({ queryKey: clientSideKeys.people(body.client_company) });
    },
  });
};

export const useRemoveClientCoworker = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ userPk, companyPk }: { userPk: number; companyPk: number }) =>
      call(e.removeCoworker, { params: { pk: userPk }, query: { client_company: companyPk } }),
    onSuccess: (_nothing, { companyPk }) => client.invalidateQueries({ queryKey: clientSideKeys.people(companyPk) }),
  });
};
