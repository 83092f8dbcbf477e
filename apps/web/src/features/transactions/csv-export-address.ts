import { csvExportListQuery } from '@herd/contract';
import { parsedBy, yesNo, type ListParamsSchema } from '../../lib/list-params';
import { useListParams } from '../../lib/use-list-params';

interface ExportListState {
  open: boolean;
  page: number;
}
const DEFAULTS: ExportListState = { open: false, page: 1 };
const SCHEMA: ListParamsSchema<ExportListState> = { open: yesNo, page: parsedBy(csvExportListQuery.shape.page) };

/**
 * The export drawer and its history's page, in the address beside the transaction list's own
 * parameters (hence the prefix): `?exports_open=true&exports_page=2`. Closing the drawer drops
 * both, since a change that names no page starts at page 1 again.
 */
export const useExportListParams = () => useListParams(SCHEMA, DEFAULTS, 'exports_');
