import { useQuery } from '@tanstack/react-query';
import { transactionEndpoints as e } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { transactionKeys, useInvalidateCompany } from './api';

/** The other open transactions of the payee of an answered transaction (`transactionPk` null: nothing asked). */
export const useSamePayee = (companyPk: number, transactionPk: number | null) =>
  useQuery({
    queryKey: [...transactionKeys.company(companyPk), 'same-payee', transactionPk],
    queryFn: () => call(e.clientSamePayee, { params: { pk: companyPk, transactionPk: transactionPk! } }),
    enabled: transactionPk !== null,
    // Asked once, right after the answer: a later refetch would offer what was just declined or applied.
    staleTime: Infinity,
    retry: false,
  });

/** Gives them the answered transaction's answer and finishes them, in one write. */
export const useApplySamePayee = (companyPk: number, transactionPk: number) => {
  const invalidate = useInvalidateCompany();
  return useSubmitMutation({
    mutationFn: (pks: number[]) => call(e.clientSamePayeeApply, { params: { pk: companyPk, transactionPk }, body: { pks } }),
    onSuccess: () => invalidate(companyPk),
  });
};
