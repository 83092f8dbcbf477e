import { useQueryClient } from '@tanstack/react-query';
import { importEndpoints, refEndpoints, type RefListImportResult, type ResponseOf } from '@herd/contract';
import { call } from '../../lib/api-client';
import { upload } from '../../lib/upload';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { transactionKeys } from '../transactions/api';
import { accountKeys } from './accounts-api';

/** The lists an accountant imports into a CSV or generic-ledger company from a file. */
export const CHART_LISTS = ['ACCOUNT', 'VENDOR', 'CUSTOMER', 'CLASS', 'LOCATION', 'TAX', 'ITEM', 'PAYMENT_METHOD'] as const;
export type ChartList = (typeof CHART_LISTS)[number];

export type CreatedCategory = ResponseOf<typeof refEndpoints.categoryCreate>;

/** Every picker and account list of the company reads the chart: all of them are stale once it changes. */
const useChartChanged = (companyPk: number) => {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: accountKeys.all(companyPk) }), client.invalidateQueries({ queryKey: transactionKeys.all })]);
};

export const useImportChartList = (companyPk: number) => {
  const changed = useChartChanged(companyPk);
  return useSubmitMutation({
    mutationFn: ({ list, file }: { list: ChartList; file: File }): Promise<RefListImportResult> => {
      const form = new FormData();
      form.append('list', list);
      form.append('file', file);
      return upload(importEndpoints.refList, { params: { pk: companyPk } }, form);
    },
    onSuccess: changed,
  });
};

export const useCreateCategory = (companyPk: number) => {
  const changed = useChartChanged(companyPk);
  return useSubmitMutation({
    mutationFn: (body: { name: string; account_type: string }) => call(refEndpoints.categoryCreate, { params: { pk: companyPk }, body }),
    onSuccess: changed,
  });
};
