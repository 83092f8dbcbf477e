import { stringify } from 'csv-stringify/sync';
import type { ClientCompany } from '@herd/contract';

/**
 * Spreadsheet programs run a cell that starts with = + - @ as a formula; a
 * leading apostrophe keeps a client's name from becoming one.
 */
const neutralise = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export const clientCompaniesCsv = (companies: ClientCompany[]): string =>
  stringify(
    companies.map((c) => [
      c.pk,
      neutralise(c.name),
      c.connection_kind,
      c.connection_state,
      c.sync_date ?? '',
      c.client_users_count,
      neutralise(c.assigned_members.map((m) => m.name).join('; ')),
      c.created_at,
    ]),
    { header: true, columns: ['ID', 'Name', 'Connection', 'State', 'Sync date', 'Client users', 'Assigned to', 'Created'] },
  );
