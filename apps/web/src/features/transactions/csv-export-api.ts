import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { csvExportEndpoints as e, type CsvExportBatch, type ExportableStatus } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmissionKey } from '../../lib/submission-key';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { transactionKeys } from './api';

/** The filters of an export, as the drawer holds them ('' = no bound). */
export interface ExportFilters {
  date_from: string;
  date_to: string;
  status: ExportableStatus | '';
  only_new: boolean;
}

export const csvExportKeys = {
  all: (companyPk: number) => [...transactionKeys.company(companyPk), 'csv-exports'] as const,
  preview: (companyPk: number, filters: ExportFilters) => [...csvExportKeys.all(companyPk), 'preview', filters] as const,
  list: (companyPk: number, page: number) => [...csvExportKeys.all(companyPk), 'list', page] as const,
};

const bodyOf = (f: ExportFilters) => ({
  ...(f.date_from ? { date_from: f.date_from } : {}),
  ...(f.date_to ? { date_to: f.date_to } : {}),
  ...(f.status ? { status: f.status } : {}),
  only_new: f.only_new,
});

/** How many transactions and rows an export with these filters would hold now. */
export const useExportPreview = (companyPk: number, filters: ExportFilters, enabled: boolean) =>
  useQuery({
    queryKey: csvExportKeys.preview(companyPk, filters),
    queryFn: () => call(e.preview, { params: { pk: companyPk }, query: { ...bodyOf(filters), only_new: filters.only_new ? 'true' : 'false' } }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useExportBatches = (companyPk: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: csvExportKeys.list(companyPk, page),
    queryFn: () => call(e.list, { params: { pk: companyPk }, query: { page } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** A new export; a double click or a retry sends the same key, so one batch is made. */
export const useCreateExport = (companyPk: number) => {
  const client = useQueryClient();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (filters: ExportFilters): Promise<CsvExportBatch> =>
      call(e.create, { params: { pk: companyPk }, body: bodyOf(filters) }, { idempotencyKey: submission.for(filters) }),
    onSuccess: async () => {
      submission.done();
      await client.invalidateQueries({ queryKey: csvExportKeys.all(companyPk) });
    },
  });
};

/** Has the browser download a file the session may read (the link carries the cookie like any other). */
export const downloadFile = (url: string) => {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
};
