import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { genericEndpoints as e, type ResponseOf } from '@herd/contract';
import { call } from '../../lib/api-client';

/** An API token of a generic-ledger client, as listed (the secret itself only in the answer that made it). */
export type ApiToken = ResponseOf<typeof e.tokens>[number];

export const tokenKeys = {
  all: (companyPk: number) => ['clients', 'api-tokens', companyPk] as const,
};

export const useApiTokens = (companyPk: number) =>
  useQuery({
    queryKey: tokenKeys.all(companyPk),
    queryFn: () => call(e.tokens, { params: { pk: companyPk } }),
  });

export const useCreateApiToken = (companyPk: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; expires_at: string | null }) => call(e.createToken, { params: { pk: companyPk }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tokenKeys.all(companyPk) }),
  });
};

export const useRevokeApiToken = (companyPk: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tokenPk: number) => call(e.revokeToken, { params: { pk: companyPk, tokenPk } }),
    onSuccess: () => client.invalidateQueries({ queryKey: tokenKeys.all(companyPk) }),
  });
};
