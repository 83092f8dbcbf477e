import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { csvExportEndpoints as x, type CsvExportBatch } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { fakeCsvCompany, marchExport as march } from '../../../../test/fake-csv-exports';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };

const openDrawer = async () => {
  await fastUser().click(await screen.findByRole('button', { name: /Export$/ }));
  return (await screen.findByText('Export published transactions')).closest('.ant-drawer') as HTMLElement;
};

describe('the CSV export of a CSV company', () => {
  it('counts what an export would hold, makes it with the filters and downloads it; past exports download again', async () => {
    const made: CsvExportBatch = { ...march, pk: 4, date_from: null, date_to: null, only_new: false, transaction_count: 2, line_count: 3 };
    made.download_url = '/api/v1/accounting/accountant/client-company/7/csv-exports/4/download/';
    const fake = fakeCsvCompany()
      .answer(x.preview, company, (r) => ({ status: 200, data: r.params.only_new === 'false' ? { transactions: 2, lines: 3 } : { transactions: 0, lines: 0 } }))
      .answer(x.create, company, made);
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt('/dashboard/accountant/categorized/7/');
    const drawer = await openDrawer();

    expect(await within(drawer).findByText('Nothing to export with these filters.')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /Export CSV/ })).toBeDisabled();
    const past = within(drawer).getByRole('link', { name: 'Download export 3' });
    expect(past).toHaveAttribute('href', march.download_url);
    expect(within(drawer).getByText('12 transactions · 14 lines')).toBeInTheDocument();
    expect(within(drawer).getByText('Mar 1, 2026 – Mar 31, 2026, only new')).toBeInTheDocument();

    await fastUser().click(within(drawer).getByRole('checkbox', { name: /Only transactions no earlier export holds/ }));
    expect(await within(drawer).findByText('2 transactions (3 lines) to export.')).toBeInTheDocument();
    await fastUser().click(within(drawer).getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(fake.callsTo(x.create, company)).toHaveLength(1));
    expect(fake.callsTo(x.create, company)[0]!.body).toEqual({ only_new: false });
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    expect((clicks.mock.contexts[0] as HTMLAnchorElement).getAttribute('href')).toBe(made.download_url);
    clicks.mockRestore();
  });

  it('shows why an export was refused', async () => {
    fakeCsvCompany()
      .answer(x.preview, company, { transactions: 1, lines: 1 })
      .answer(x.create, company, () => ({
        status: 400,
        data: { detail: 'Nothing new to export: every published transaction matching these filters is in an earlier export.' },
      }));
    renderAt('/dashboard/accountant/categorized/7/');
    const drawer = await openDrawer();
    await within(drawer).findByText('1 transaction (1 line) to export.');
    await fastUser().click(within(drawer).getByRole('button', { name: /Export CSV/ }));
    expect(await within(drawer).findByText('Nothing new to export: every published transaction matching these filters is in an earlier export.')).toBeInTheDocument();
  });

  it('is not offered for a QuickBooks company, whose answers reach QuickBooks when published', async () => {
    fakeCsvCompany({ kind: 'QBO' });
    renderAt('/dashboard/accountant/categorized/7/');
    expect(await screen.findByRole('tab', { name: /Categorized/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export$/ })).not.toBeInTheDocument();
  });
});
